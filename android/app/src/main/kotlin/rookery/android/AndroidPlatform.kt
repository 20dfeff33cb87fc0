package rookery.android

import android.app.Activity
import android.app.LocaleManager
import android.content.Context
import android.content.Intent
import android.content.res.Configuration
import android.media.AudioManager
import android.media.ToneGenerator
import android.os.Build
import android.os.LocaleList
import android.view.HapticFeedbackConstants
import rookery.ui.OrientationMode
import rookery.ui.Platform
import rookery.ui.Settings
import rookery.ui.Strings
import uniffi.rookery_bindings.GameEvent
import uniffi.rookery_bindings.GameLibrary
import java.util.Locale

/**
 * The UI's [Platform] on Android: resources (through the generated [StringIds], no lookup by
 * name), assets, SharedPreferences, the share sheet, tones and haptic feedback. The app's
 * language is the per-app language of Android 13+ (LocaleManager, also set from the system's
 * settings); before Android 13 it is kept in the preferences.
 */
class AndroidPlatform(private val activity: Activity, override val library: GameLibrary) : Platform {
    // The languages of assets/i18n (`rookery i18n` writes values/ and values-sk/; res/xml/locales_config.xml).
    override val languages = listOf("en", "sk")
    private val prefs = activity.getSharedPreferences("settings", Context.MODE_PRIVATE)
    private val cache = HashMap<String, Strings>()

    override fun strings(language: String): Strings = cache.getOrPut(language) {
        // the app's own language: its resources as the system configured them; another
        // language (the language chooser names each language in itself): a context for reading
        val res = if (language == appLanguage()) activity else {
            val conf = Configuration(activity.resources.configuration).apply { setLocale(Locale.forLanguageTag(language)) }
            activity.createConfigurationContext(conf)
        }
        ResourceStrings(language, res)
    }

    override fun pieceSvg(glyph: String): String? =
        runCatching { activity.assets.open("pieces/$glyph.svg").bufferedReader().use { it.readText() } }.getOrNull()

    override fun rulesPage(language: String, gameId: String): String? =
        runCatching { activity.assets.open("rules/$language/$gameId.md").bufferedReader().use { it.readText() } }.getOrNull()

    /** The per-app language (Android 13+), else the stored one, else the device's. */
    private fun appLanguage(): String {
        if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.TIRAMISU) {
            val chosen = activity.getSystemService(LocaleManager::class.java).applicationLocales
            if (!chosen.isEmpty) chosen[0].language.takeIf { it in languages }?.let { return it }
        } else {
            prefs.getString("language", null)?.takeIf { it in languages }?.let { return it }
        }
        return Locale.getDefault().language.takeIf { it in languages } ?: languages.first()
    }

    override fun loadSettings(): Settings = Settings(
        language = appLanguage(),
        orientation = runCatching { OrientationMode.valueOf(prefs.getString("orientation", "")!!) }
            .getOrDefault(OrientationMode.FaceToMove),
        showLegalMoves = prefs.getBoolean("showLegalMoves", true),
        sound = prefs.getBoolean("sound", true),
        haptics = prefs.getBoolean("haptics", true),
        theme = runCatching { rookery.ui.ThemeMode.valueOf(prefs.getString("theme", "")!!) }
            .getOrDefault(rookery.ui.ThemeMode.System),
    )

    override fun saveSettings(s: Settings) {
        val languageChanged = s.language != appLanguage()
        val edit = prefs.edit()
            .putString("orientation", s.orientation.name)
            .putBoolean("showLegalMoves", s.showLegalMoves)
            .putBoolean("sound", s.sound)
            .putBoolean("haptics", s.haptics)
            .putString("theme", s.theme.name)
        if (Build.VERSION.SDK_INT < Build.VERSION_CODES.TIRAMISU) edit.putString("language", s.language)
        edit.apply()
        if (languageChanged && Build.VERSION.SDK_INT >= Build.VERSION_CODES.TIRAMISU) {
            // the system keeps it (Settings > Apps > Rookery > Language shows it) and
            // recreates the Activity in it
            activity.getSystemService(LocaleManager::class.java).applicationLocales = LocaleList.forLanguageTags(s.language)
        }
        cache.clear()
    }

    override fun share(title: String, text: String) {
        val send = Intent(Intent.ACTION_SEND)
            .setType("text/plain")
            .putExtra(Intent.EXTRA_SUBJECT, title)
            .putExtra(Intent.EXTRA_TEXT, text)
        activity.runOnUiThread { activity.startActivity(Intent.createChooser(send, title)) }
    }

    private val tones: ToneGenerator? by lazy {
        runCatching { ToneGenerator(AudioManager.STREAM_MUSIC, 60) }.getOrNull()
    }

    override fun playSound(event: GameEvent) {
        val (tone, ms) = when (event) {
            GameEvent.MOVE -> ToneGenerator.TONE_PROP_BEEP to 40
            GameEvent.CAPTURE -> ToneGenerator.TONE_PROP_ACK to 80
            GameEvent.CHECK -> ToneGenerator.TONE_PROP_BEEP2 to 120
            GameEvent.END -> ToneGenerator.TONE_PROP_PROMPT to 300
        }
        tones?.startTone(tone, ms)
    }

    /** Haptic feedback on the window's view: the system's touch-feedback setting applies, no permission. */
    override fun haptic(event: GameEvent) {
        val constant = when (event) {
            GameEvent.MOVE -> HapticFeedbackConstants.CLOCK_TICK
            GameEvent.CAPTURE -> HapticFeedbackConstants.KEYBOARD_TAP
            GameEvent.CHECK, GameEvent.END -> if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.R)
                HapticFeedbackConstants.CONFIRM else HapticFeedbackConstants.LONG_PRESS
        }
        activity.runOnUiThread { activity.window?.decorView?.performHapticFeedback(constant) }
    }

    /** The Activity is gone: the tone generator is released. */
    fun release() {
        tones?.release()
    }
}

/** [Strings] from the generated resources of one language, through the generated [StringIds]. */
private class ResourceStrings(override val language: String, context: Context) : Strings {
    private val res = context.resources

    override fun has(key: String) = key in StringIds.strings || key in StringIds.plurals

    override fun text(key: String, vararg args: Any): String {
        val id = StringIds.strings[key] ?: return key
        return res.getString(id, *args)
    }

    override fun plural(key: String, count: Int): String {
        val id = StringIds.plurals[key] ?: return "$count"
        return res.getQuantityString(id, count, count)
    }
}
