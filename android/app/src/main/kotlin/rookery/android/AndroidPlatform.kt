package rookery.android

import android.content.Context
import android.content.res.Configuration
import rookery.ui.OrientationMode
import rookery.ui.Platform
import rookery.ui.Settings
import rookery.ui.Strings
import uniffi.rookery_bindings.GameLibrary
import java.util.Locale

/** The UI's [Platform] on Android: resources, assets and SharedPreferences. */
class AndroidPlatform(private val context: Context, override val library: GameLibrary) : Platform {
    // The languages of assets/i18n (`rookery i18n` writes values/ and values-sk/).
    override val languages = listOf("en", "sk")
    private val prefs = context.getSharedPreferences("settings", Context.MODE_PRIVATE)
    private val cache = HashMap<String, Strings>()

    override fun strings(language: String): Strings = cache.getOrPut(language) {
        val conf = Configuration(context.resources.configuration).apply { setLocale(Locale.forLanguageTag(language)) }
        ResourceStrings(language, context.createConfigurationContext(conf))
    }

    override fun pieceSvg(glyph: String): String? =
        runCatching { context.assets.open("pieces/$glyph.svg").bufferedReader().use { it.readText() } }.getOrNull()

    override fun rulesPage(language: String, gameId: String): String? =
        runCatching { context.assets.open("rules/$language/$gameId.md").bufferedReader().use { it.readText() } }.getOrNull()

    override fun loadSettings(): Settings {
        val device = Locale.getDefault().language.takeIf { it in languages } ?: languages.first()
        return Settings(
            language = prefs.getString("language", null) ?: device,
            orientation = runCatching { OrientationMode.valueOf(prefs.getString("orientation", "")!!) }
                .getOrDefault(OrientationMode.FaceToMove),
            showLegalMoves = prefs.getBoolean("showLegalMoves", true),
            theme = runCatching { rookery.ui.ThemeMode.valueOf(prefs.getString("theme", "")!!) }.getOrDefault(rookery.ui.ThemeMode.System),
        )
    }

    override fun saveSettings(s: Settings) {
        prefs.edit()
            .putString("language", s.language)
            .putString("orientation", s.orientation.name)
            .putBoolean("showLegalMoves", s.showLegalMoves)
            .putString("theme", s.theme.name)
            .apply()
    }
}

/** [Strings] from the generated resources of one language (names: the key with `_` for `-`). */
private class ResourceStrings(override val language: String, private val context: Context) : Strings {
    private val res = context.resources
    private val ids = HashMap<String, Int>()

    private fun id(key: String, type: String): Int = ids.getOrPut("$type:$key") {
        res.getIdentifier(key.replace('-', '_'), type, context.packageName)
    }

    override fun has(key: String) = id(key, "string") != 0 || id(key, "plurals") != 0

    override fun text(key: String, vararg args: Any): String {
        val id = id(key, "string")
        return if (id == 0) key else res.getString(id, *args)
    }

    override fun plural(key: String, count: Int): String {
        val id = id(key, "plurals")
        return if (id == 0) "$count" else res.getQuantityString(id, count, count)
    }
}
