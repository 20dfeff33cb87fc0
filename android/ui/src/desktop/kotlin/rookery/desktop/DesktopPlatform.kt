package rookery.desktop

import rookery.ui.OrientationMode
import rookery.ui.Platform
import rookery.ui.Settings
import rookery.ui.Strings
import uniffi.rookery_bindings.GameLibrary
import java.io.File
import java.util.Properties

/**
 * The desktop's [Platform]: files of the repository (`root`): the generated Android
 * resources and rules pages, the piece images; a library directory; settings in a
 * properties file (or only in memory when `settingsFile` is null).
 */
class DesktopPlatform(
    val root: File,
    override val library: GameLibrary,
    private val settingsFile: File? = null,
    private var memory: Settings = Settings(),
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
        p["theme"] = s.theme.name
        f.outputStream().use { p.store(it, "Rookery desktop settings") }
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
