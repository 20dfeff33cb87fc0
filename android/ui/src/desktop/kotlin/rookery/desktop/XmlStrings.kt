package rookery.desktop

import org.w3c.dom.Element
import rookery.ui.Strings
import rookery.ui.pluralCategory
import java.io.File
import java.util.Locale
import javax.xml.parsers.DocumentBuilderFactory

/**
 * [Strings] on the desktop: reads the Android resources `rookery i18n` generated
 * (`android/app/src/main/res/values{,-<lang>}/strings.xml`), so the desktop shows exactly
 * the text the Android app shows. Missing messages fall back to the source language.
 */
class XmlStrings(override val language: String, resDir: File) : Strings {
    private val plain = HashMap<String, String>()
    private val plurals = HashMap<String, Map<String, String>>()

    init {
        load(File(resDir, "values/strings.xml"))
        if (language != "en") load(File(resDir, "values-$language/strings.xml"))
    }

    private fun load(f: File) {
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(f)
        val strings = doc.getElementsByTagName("string")
        for (i in 0 until strings.length) {
            val e = strings.item(i) as Element
            plain[e.getAttribute("name")] = unescape(e.textContent)
        }
        val ps = doc.getElementsByTagName("plurals")
        for (i in 0 until ps.length) {
            val e = ps.item(i) as Element
            val items = e.getElementsByTagName("item")
            plurals[e.getAttribute("name")] = (0 until items.length).associate {
                val it = items.item(it) as Element
                it.getAttribute("quantity") to unescape(it.textContent)
            }
        }
    }

    private fun res(key: String) = key.replace('-', '_')

    override fun has(key: String) = res(key) in plain || res(key) in plurals

    override fun text(key: String, vararg args: Any): String {
        val f = plain[res(key)] ?: return key
        return if (args.isEmpty() && !f.contains("%")) f else String.format(Locale.ROOT, f, *args)
    }

    override fun plural(key: String, count: Int): String {
        val forms = plurals[res(key)] ?: return "$count"
        val f = forms[pluralCategory(language, count)] ?: forms["other"] ?: return "$count"
        return String.format(Locale.ROOT, f, count)
    }

    companion object {
        /** Android's string escapes (`\'`, `\"`, `\\`, `\n`, `\@`, `\?`). */
        fun unescape(s: String): String {
            val o = StringBuilder()
            var i = 0
            while (i < s.length) {
                val c = s[i]
                if (c == '\\' && i + 1 < s.length) {
                    val n = s[i + 1]
                    o.append(if (n == 'n') '\n' else if (n == 't') '\t' else n)
                    i += 2
                } else {
                    o.append(c); i++
                }
            }
            return o.toString()
        }
    }
}
