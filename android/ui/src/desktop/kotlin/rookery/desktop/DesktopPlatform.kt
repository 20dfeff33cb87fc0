package rookery.desktop

import rookery.ui.OrientationMode
import rookery.ui.Platform
import rookery.ui.Settings
import rookery.ui.Strings
import rookery.ui.toneOf
import uniffi.rookery_bindings.GameEvent
import uniffi.rookery_bindings.GameLibrary
import java.io.File
import java.util.Properties

/**
 * The desktop's [Platform]: files of the repository (`root`): the generated Android
 * resources and rules pages, the piece images; a library directory; settings in a
 * properties file (or only in memory when `settingsFile` is null). A shared game is written to
 * `exports` (default: `exports/` beside the settings, else a temporary directory) and put on
 * the clipboard; sounds are short generated tones (javax.sound, none when `audio` is off or
 * there is no sound device); the desktop has nothing to vibrate.
 */
class DesktopPlatform(
    val root: File,
    override val library: GameLibrary,
    private val settingsFile: File? = null,
    private var memory: Settings = Settings(),
    private val audio: Boolean = true,
    private val exports: File = settingsFile?.parentFile?.let { File(it, "exports") }
        ?: File(System.getProperty("java.io.tmpdir"), "rookery-exports"),
) : Platform {
    private val res = File(root, "android/app/src/main/res")
    private val strings = HashMap<String, Strings>()

    override val languages: List<String> =
        listOf("en") + (res.listFiles() ?: emptyArray())
            .map { it.name }.filter { it.startsWith("values-") && File(res, "$it/strings.xml").exists() }
            .map { it.removePrefix("values-") }.sorted()

    override fun strings(language: String): Strings = synchronized(strings) {
        strings.getOrPut(language) { XmlStrings(language, res) }
    }

    override fun pieceSvg(glyph: String): String? =
        File(root, "assets/pieces/$glyph.svg").takeIf { it.isFile }?.readText()

    override fun rulesPage(language: String, gameId: String): String? =
        File(root, "android/app/src/main/assets/rules/$language/$gameId.md").takeIf { it.isFile }?.readText()

    override fun loadSettings(): Settings {
        val f = settingsFile ?: return memory
        if (!f.isFile) return memory
        val p = Properties().apply { f.inputStream().use { load(it) } }
        return Settings(
            language = p.getProperty("language", "en"),
            orientation = runCatching { OrientationMode.valueOf(p.getProperty("orientation", "")) }
                .getOrDefault(OrientationMode.FaceToMove),
            showLegalMoves = p.getProperty("showLegalMoves", "true") == "true",
            sound = p.getProperty("sound", "true") == "true",
            haptics = p.getProperty("haptics", "true") == "true",
            theme = runCatching { rookery.ui.ThemeMode.valueOf(p.getProperty("theme", "")) }.getOrDefault(rookery.ui.ThemeMode.System),
        )
    }

    override fun saveSettings(s: Settings) {
        memory = s
        val f = settingsFile ?: return
        f.parentFile?.mkdirs()
        val p = Properties()
        p["language"] = s.language
        p["orientation"] = s.orientation.name
        p["showLegalMoves"] = s.showLegalMoves.toString()
        p["sound"] = s.sound.toString()
        p["haptics"] = s.haptics.toString()
        p["theme"] = s.theme.name
        f.outputStream().use { p.store(it, "Rookery desktop settings") }
    }

    /** The file the last shared game was written to. */
    @Volatile var lastShared: File? = null
        private set

    override fun share(title: String, text: String) {
        exports.mkdirs()
        val safe = title.map { if (it.isLetterOrDigit() || it == '-') it else '_' }.joinToString("").take(40)
        val f = File(exports, "$safe-${System.currentTimeMillis()}.txt")
        f.writeText(text)
        lastShared = f
        if (!java.awt.GraphicsEnvironment.isHeadless()) {
            runCatching {
                java.awt.Toolkit.getDefaultToolkit().systemClipboard
                    .setContents(java.awt.datatransfer.StringSelection(text), null)
            }
        }
    }

    override fun playSound(event: GameEvent) {
        if (!audio) return
        val (hz, ms) = toneOf(event)
        sound.execute { runCatching { tone(hz, ms) } }
    }

    /** Nothing vibrates on a desktop. */
    override fun haptic(event: GameEvent) {}

    private val sound = java.util.concurrent.Executors.newSingleThreadExecutor { r ->
        Thread(r, "rookery-sound").apply { isDaemon = true }
    }

    /** A sine tone of `hz` for `ms` milliseconds with a short fade in and out (16-bit mono). */
    private fun tone(hz: Int, ms: Int) {
        val rate = 44_100f
        val n = (rate * ms / 1000).toInt()
        val fade = (rate * 0.005f).toInt().coerceAtMost(n / 2)
        val buf = ByteArray(n * 2)
        for (i in 0 until n) {
            val env = minOf(1f, i.toFloat() / fade, (n - i).toFloat() / fade)
            val v = (kotlin.math.sin(2 * Math.PI * hz * i / rate) * 0.3 * env * Short.MAX_VALUE).toInt()
            buf[2 * i] = v.toByte()
            buf[2 * i + 1] = (v shr 8).toByte()
        }
        val format = javax.sound.sampled.AudioFormat(rate, 16, 1, true, false)
        javax.sound.sampled.AudioSystem.getSourceDataLine(format).use { line ->
            line.open(format)
            line.start()
            line.write(buf, 0, buf.size)
            line.drain()
        }
    }

    companion object {
        /** The repository root: `-Drookery.root`, else found upwards from the working directory. */
        fun findRoot(): File {
            System.getProperty("rookery.root")?.let { return File(it).canonicalFile }
            var d: File? = File(".").canonicalFile
            while (d != null) {
                if (File(d, "assets/pieces").isDirectory && File(d, "android").isDirectory) return d
                d = d.parentFile
            }
            error("cannot find the Rookery repository (set -Drookery.root)")
        }
    }
}
