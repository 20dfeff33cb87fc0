package rookery.bindings

import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.TimeUnit
import kotlin.time.Duration.Companion.milliseconds
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.rookery_bindings.CancelHandle
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.LogLevel
import uniffi.rookery_bindings.LogRecord
import uniffi.rookery_bindings.LogSink
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.clearLogSink
import uniffi.rookery_bindings.coreVersion
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.delayedSum
import uniffi.rookery_bindings.inFlightTasks
import uniffi.rookery_bindings.liveObjects
import uniffi.rookery_bindings.logMessage
import uniffi.rookery_bindings.panicNow
import uniffi.rookery_bindings.panicOnWorker
import uniffi.rookery_bindings.setLogSink
import uniffi.rookery_bindings.simulateError

/** Long enough that only cancellation can end the call within the test. */
private const val FOREVER_MS: ULong = 60_000uL

/** Polls [condition] until it holds or [timeoutMs] passes. */
private fun eventually(timeoutMs: Long = 5_000, condition: () -> Boolean): Boolean {
    val deadline = System.nanoTime() + timeoutMs * 1_000_000
    while (System.nanoTime() < deadline) {
        if (condition()) return true
        Thread.sleep(10)
    }
    return condition()
}

private fun newSession() =
    GameSession("chess", listOf(SeatConfig.Person("a"), SeatConfig.Person("b")), defaultHouseRules(), 0uL)

private class CollectingSink : LogSink {
    val records = ConcurrentLinkedQueue<LogRecord>()
    override fun log(record: LogRecord) {
        records.add(record)
    }
}

/**
 * Every native object a test creates is closed (`use {}`) and each test checks that the live
 * count is back where it found it, so no test depends on another's objects or on when the
 * garbage collector runs (no test leaves objects to the Cleaner).
 */
class BindingsTest {
    private var liveAtStart = 0L

    @BeforeEach
    fun countLiveObjects() {
        liveAtStart = liveObjects()
    }

    /** Every test closes what it opens: the count is back where this test found it. */
    @AfterEach
    fun noTaskLeftRunningAndNothingLeftOpen() {
        clearLogSink()
        assertTrue(eventually { inFlightTasks() == 0L }, "tasks still running: ${inFlightTasks()}")
        assertEquals(liveAtStart, liveObjects(), "native objects left open by this test")
    }

    @Test
    fun freeFunction() {
        assertTrue(Regex("""\d+\.\d+\.\d+.*""").matches(coreVersion()), coreVersion())
    }

    @Test
    fun errorsMapToTheirSubclass() {
        val expected = mapOf(
            "IllegalMove" to RookeryException.IllegalMove::class,
            "BadInput" to RookeryException.BadInput::class,
            "NotYourTurn" to RookeryException.NotYourTurn::class,
            "Cancelled" to RookeryException.Cancelled::class,
            "StaleSession" to RookeryException.StaleSession::class,
            "Internal" to RookeryException.Internal::class,
            "NoSuchGame" to RookeryException.NoSuchGame::class,
            "DamagedSave" to RookeryException.DamagedSave::class,
            "LibraryUnavailable" to RookeryException.LibraryUnavailable::class,
            "LibraryLocked" to RookeryException.LibraryLocked::class,
        )
        for ((variant, kclass) in expected) {
            val e = assertThrows<RookeryException> { simulateError(variant, "msg for $variant") }
            assertEquals(kclass, e::class, variant)
            assertEquals("msg for $variant", e.message)
        }
        val unknown = assertThrows<RookeryException.BadInput> { simulateError("Nope", "x") }
        assertTrue(unknown.message!!.contains("Nope"))
    }

    @Test
    fun panicsBecomeInternal() {
        val e = assertThrows<RookeryException.Internal> { panicNow("boom") }
        assertTrue(e.message!!.contains("boom"), e.message)
        val w = assertThrows<RookeryException.Internal> { runBlocking { panicOnWorker("worker boom") } }
        assertTrue(w.message!!.contains("worker boom"), w.message)
    }

    @Test
    fun asyncRunsOnTheLibraryRuntime() {
        val result = runBlocking { delayedSum(2L, 40L, 20uL, null) }
        assertEquals(42L, result.value)
        assertTrue(result.workerThread.startsWith("rookery-worker"), result.workerThread)
        assertNotEquals(Thread.currentThread().name, result.workerThread)
        assertThrows<RookeryException.BadInput> { runBlocking { delayedSum(Long.MAX_VALUE, 1L, 0uL, null) } }
    }

    @Test
    fun manyConcurrentAsyncCalls() = runBlocking {
        val calls = (1..200).map { i -> async(Dispatchers.Default) { delayedSum(i.toLong(), 1L, 5uL, null).value } }
        assertEquals((1..200).sumOf { it + 1L }, calls.sumOf { it.await() })
    }

    @Test
    fun coroutineTimeoutAbortsTheRustTask() {
        assertThrows<TimeoutCancellationException> {
            runBlocking { withTimeout(200.milliseconds) { delayedSum(1L, 1L, FOREVER_MS, null) } }
        }
        // Cancelling the coroutine freed the Rust future, which aborted the task.
        assertTrue(eventually { inFlightTasks() == 0L })
    }

    @Test
    fun jobCancelAbortsTheRustTask() = runBlocking {
        val job = launch(Dispatchers.Default) { delayedSum(1L, 1L, FOREVER_MS, null) }
        assertTrue(eventually { inFlightTasks() == 1L })
        job.cancel()
        job.join()
        assertTrue(job.isCancelled)
        assertTrue(eventually { inFlightTasks() == 0L })
    }

    @Test
    fun cancelHandleFromACoroutine() = runBlocking {
        CancelHandle().use { handle ->
            val call = async(Dispatchers.Default) { runCatching { delayedSum(1L, 1L, FOREVER_MS, handle) } }
            assertTrue(eventually { inFlightTasks() == 1L })
            delay(50)
            handle.cancel()
            val outcome = withTimeout(5_000.milliseconds) { call.await() }
            assertTrue(outcome.exceptionOrNull() is RookeryException.Cancelled, outcome.toString())
            assertTrue(handle.isCancelled())
        }
    }

    @Test
    fun cancelHandleFromAnotherThread() {
        CancelHandle().use { handle ->
            val canceller = Thread {
                eventually { inFlightTasks() == 1L }
                Thread.sleep(50)
                handle.cancel()
            }
            canceller.start()
            val started = System.nanoTime()
            assertThrows<RookeryException.Cancelled> { runBlocking { delayedSum(1L, 1L, FOREVER_MS, handle) } }
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10))
            canceller.join()
        }
    }

    @Test
    fun alreadyCancelledHandleFailsAtOnce() {
        CancelHandle().use { handle ->
            handle.cancel()
            assertThrows<RookeryException.Cancelled> { runBlocking { delayedSum(1L, 1L, FOREVER_MS, handle) } }
            // Cancelling is sticky and the handle can be shared.
            assertThrows<RookeryException.Cancelled> { runBlocking { delayedSum(2L, 2L, FOREVER_MS, handle) } }
        }
    }

    @Test
    fun logSinkReceivesRecords() {
        val sink = CollectingSink()
        setLogSink(sink, LogLevel.DEBUG)
        logMessage(LogLevel.INFO, "hello from the test")
        val hello = sink.records.single { it.message == "hello from the test" }
        assertEquals(LogLevel.INFO, hello.level)
        assertEquals("rookery_bindings", hello.target)

        // Records logged on the runtime's worker threads arrive too.
        runBlocking { delayedSum(20L, 22L, 1uL, null) }
        assertTrue(eventually { sink.records.any { it.message.contains("= 42 on rookery-worker") } }, sink.records.toString())

        // Below max level: filtered out in Rust.
        setLogSink(sink, LogLevel.WARN)
        logMessage(LogLevel.INFO, "filtered")
        logMessage(LogLevel.ERROR, "kept")
        assertFalse(sink.records.any { it.message == "filtered" })
        assertTrue(sink.records.any { it.message == "kept" && it.level == LogLevel.ERROR })

        // A throwing sink must not break the caller.
        setLogSink(object : LogSink {
            override fun log(record: LogRecord) = throw IllegalStateException("sink failure")
        }, LogLevel.TRACE)
        logMessage(LogLevel.ERROR, "into a broken sink")
        assertEquals(3L, runBlocking { delayedSum(1L, 2L, 0uL, null) }.value)

        clearLogSink()
        logMessage(LogLevel.ERROR, "after clear")
        assertFalse(sink.records.any { it.message == "after clear" })
    }

    @Test
    fun tenThousandObjectsCreatedAndDestroyed() {
        val start = liveObjects()
        repeat(10_000) { i ->
            CancelHandle().use {
                it.cancel()
                assertEquals(start + 1, liveObjects())
            }
        }
        assertEquals(start, liveObjects())
        // destroy() twice is harmless.
        val session = newSession()
        session.destroy()
        session.destroy()
        assertEquals(start, liveObjects())
    }
}
