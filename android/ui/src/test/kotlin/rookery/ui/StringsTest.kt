package rookery.ui

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import rookery.desktop.XmlStrings
import uniffi.rookery_bindings.MessageArg
import uniffi.rookery_bindings.MessageView
import java.io.File

class StringsTest {
    private val res = File(ROOT, "android/app/src/main/res")

    /** The variables of a message of en.ftl in order of first appearance. */
    private fun ftlVars(): Map<String, List<String>> {
        val out = LinkedHashMap<String, List<String>>()
        var key: String? = null
        val body = StringBuilder()
        fun flush() {
            key?.let { k -> out[k] = Regex("""\{\s*\$([a-z0-9-]+)""").findAll(body).map { it.groupValues[1] }.distinct().toList() }
        }
        for (line in File(ROOT, "assets/i18n/en.ftl").readLines()) {
            val m = Regex("""^([a-z0-9-]+)\s*=(.*)$""").find(line)
            if (m != null) {
                flush(); key = m.groupValues[1]; body.setLength(0); body.append(m.groupValues[2])
            } else if (line.startsWith(" ")) body.append(line)
        }
        flush()
        return out
    }

    @Test
    fun messageArgumentOrderMatchesTheEnglishMessages() {
        val vars = ftlVars()
        for ((key, names) in MessageArgs.order) assertEquals(key, vars[key], names)
    }

    @Test
    fun bothLanguagesFormatCoreMessages() {
        val en = XmlStrings("en", res)
        val sk = XmlStrings("sk", res)
        val m = MessageView("event-scored", listOf(
            MessageArg("player", "Ann"), MessageArg("points", "+3"), MessageArg("why", "score-capture")))
        assertEquals("Ann +3 (capture)", en.message(m))
        assertTrue(sk.message(m), sk.message(m).startsWith("Ann +3 (") && !sk.message(m).contains("capture"))
        val blocked = MessageView("illegal-path-blocked", listOf(MessageArg("to", "e4"), MessageArg("from", "e1")))
        assertEquals("The way from e1 to e4 is blocked.", en.message(blocked))
        assertEquals("Šach", sk.text("game-chess-name"))
    }

    @Test
    fun slovakPluralsFollowCldr() {
        val sk = XmlStrings("sk", res)
        assertEquals("1 bod", sk.plural("points", 1))
        assertEquals("3 body", sk.plural("points", 3))
        assertEquals("5 bodov", sk.plural("points", 5))
        assertEquals("1 move", XmlStrings("en", res).plural("moves", 1))
    }

    @Test
    fun everyPieceImageParses() {
        val files = File(ROOT, "assets/pieces").listFiles { f -> f.name.endsWith(".svg") }!!
        assertTrue(files.size > 50)
        for (f in files) assertTrue(f.name, PieceArt.parseGlyph(f.readText()).shapes.isNotEmpty())
    }
}
