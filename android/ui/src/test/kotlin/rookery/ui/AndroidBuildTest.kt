package rookery.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.scale
import androidx.compose.ui.graphics.vector.PathParser
import androidx.compose.ui.unit.Density
import androidx.compose.ui.use
import org.jetbrains.skia.EncodedImageFormat
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assume.assumeTrue
import org.junit.Test
import org.w3c.dom.Element
import java.io.File
import javax.xml.parsers.DocumentBuilderFactory

/**
 * What can be checked of the Android build on a machine without the Android SDK: the version
 * catalogue pins what the JVM tests run (or the Jetpack release under it), the resources are
 * well-formed and every reference in them resolves, the languages agree, the generated
 * `StringIds` cover every string, the launcher icon stays in its safe zone, and the Rust
 * library's Gradle task names every file cargo reads.
 */
class AndroidBuildTest {
    private val android = File(ROOT, "android")
    private val res = File(android, "app/src/main/res")

    private fun catalogue(): Map<String, String> {
        val text = File(android, "gradle/libs.versions.toml").readText()
        val versions = text.substringAfter("[versions]").substringBefore("\n[")
        return Regex("""(?m)^([\w-]+)\s*=\s*"([^"]+)"""").findAll(versions).associate { it.groupValues[1] to it.groupValues[2] }
    }

    private fun pom(): Map<String, String> {
        val props = xml(File(android, "ui/pom.xml")).getElementsByTagName("properties").item(0) as Element
        val out = HashMap<String, String>()
        val kids = props.childNodes
        for (i in 0 until kids.length) (kids.item(i) as? Element)?.let { out[it.tagName] = it.textContent.trim() }
        return out
    }

    private fun xml(f: File) = DocumentBuilderFactory.newInstance().apply { isNamespaceAware = true }
        .newDocumentBuilder().parse(f)

    @Test
    fun theAndroidBuildPinsWhatTheJvmTestsRun() {
        val toml = catalogue()
        val pom = pom()
        assertEquals("Kotlin", pom["kotlin.version"], toml["kotlin"])
        assertEquals("JNA", pom["jna.version"], toml["jna"])
        assertEquals("kotlinx.coroutines", pom["coroutines.version"], toml["coroutines"])
        assertEquals("Compose Multiplatform", pom["compose.version"], toml["compose-multiplatform"])
        assertEquals("CMP material3", pom["material3.version"], toml["material3-multiplatform"])
        assertTrue("no Compose BOM: the versions are pinned one by one", "compose-bom" !in toml)
    }

    /** The Maven repository the JVM tests resolved from (its poms say what CMP is built on). */
    private fun mavenRepo(): File {
        System.getProperty("maven.repo.local")?.let { return File(it) }
        val settings = File(System.getProperty("user.home"), ".m2/settings.xml")
        if (settings.isFile) {
            Regex("<localRepository>([^<]+)</localRepository>").find(settings.readText())?.let { return File(it.groupValues[1].trim()) }
        }
        return File(System.getProperty("user.home"), ".m2/repository")
    }

    /** The version of `group:artifact` a pom depends on. */
    private fun dependencyVersion(pom: File, group: String, artifact: String): String? {
        val deps = xml(pom).getElementsByTagName("dependency")
        for (i in 0 until deps.length) {
            val d = deps.item(i) as Element
            fun f(n: String) = d.getElementsByTagName(n).item(0)?.textContent?.trim()
            if (f("groupId") == group && f("artifactId") == artifact) return f("version")
        }
        return null
    }

    @Test
    fun theJetpackVersionsAreTheOnesComposeMultiplatformIsBuiltOn() {
        val toml = catalogue()
        val repo = mavenRepo()
        val runtime = File(repo, "org/jetbrains/compose/runtime/runtime-desktop/${toml["compose-multiplatform"]}/" +
            "runtime-desktop-${toml["compose-multiplatform"]}.pom")
        val m3 = File(repo, "org/jetbrains/compose/material3/material3-desktop/${toml["material3-multiplatform"]}/" +
            "material3-desktop-${toml["material3-multiplatform"]}.pom")
        assumeTrue("the JVM tests' Maven repository is at $repo", runtime.isFile && m3.isFile)
        assertEquals("Jetpack Compose under CMP ${toml["compose-multiplatform"]}",
            dependencyVersion(runtime, "androidx.compose.runtime", "runtime-desktop"), toml["compose"])
        assertEquals("Jetpack material3 under CMP material3 ${toml["material3-multiplatform"]}",
            dependencyVersion(m3, "androidx.compose.material3", "material3-lint"), toml["material3"])
    }

    private fun resFiles(): List<File> = res.walk().filter { it.isFile && it.extension == "xml" }.toList()

    @Test
    fun theResourcesAreWellFormedAndEveryReferenceResolves() {
        val manifest = File(android, "app/src/main/AndroidManifest.xml")
        val files = resFiles() + manifest
        val strings = HashSet<String>()
        val styles = HashSet<String>()
        val colors = HashSet<String>()
        for (f in files) {
            val doc = xml(f) // throws on malformed XML
            for ((tag, set) in listOf("string" to strings, "plurals" to strings, "style" to styles, "color" to colors)) {
                val n = doc.getElementsByTagName(tag)
                for (i in 0 until n.length) set.add((n.item(i) as Element).getAttribute("name"))
            }
        }
        fun fileRes(dir: String, name: String) = res.listFiles()!!.any { d ->
            (d.name == dir || d.name.startsWith("$dir-")) && File(d, "$name.xml").isFile
        }
        var refs = 0
        for (f in files) {
            for (m in Regex("""(?<![\w:])@(string|style|color|drawable|mipmap|xml)/([\w.]+)""").findAll(f.readText())) {
                val (type, name) = m.destructured
                val ok = when (type) {
                    "string" -> name in strings
                    "style" -> name in styles
                    "color" -> name in colors
                    else -> fileRes(type, name)
                }
                assertTrue("${f.relativeTo(android)}: @$type/$name is not defined", ok)
                refs++
            }
        }
        assertTrue("the manifest names its theme, icon, label and locales: $refs references", refs >= 6)
        // light and dark: the theme is defined in values and values-night
        for (d in listOf("values", "values-night")) {
            assertTrue("$d/themes.xml", File(res, "$d/themes.xml").readText().contains("name=\"Theme.Rookery\""))
        }
    }

    @Test
    fun thePerAppLanguagesAreTheLanguagesOfTheStrings() {
        val withStrings = res.listFiles()!!.filter { File(it, "strings.xml").isFile }
            .map { if (it.name == "values") "en" else it.name.removePrefix("values-") }.toSet()
        val doc = xml(File(res, "xml/locales_config.xml"))
        val n = doc.getElementsByTagName("locale")
        val config = (0 until n.length).map { (n.item(it) as Element).getAttributeNS("http://schemas.android.com/apk/res/android", "name") }.toSet()
        assertEquals(withStrings, config)
        val gradle = File(android, "app/build.gradle.kts").readText()
        val filters = Regex("""localeFilters \+= listOf\(([^)]*)\)""").find(gradle)!!.groupValues[1]
        assertEquals(withStrings, Regex("\"(\\w+)\"").findAll(filters).map { it.groupValues[1] }.toSet())
    }

    @Test
    fun theGeneratedStringIdsNameEveryString() {
        val ids = File(android, "app/src/main/kotlin/rookery/android/StringIds.kt").readText()
        val doc = xml(File(res, "values/strings.xml"))
        for ((tag, kind) in listOf("string" to "string", "plurals" to "plurals")) {
            val n = doc.getElementsByTagName(tag)
            assertTrue(n.length > 0)
            for (i in 0 until n.length) {
                val name = (n.item(i) as Element).getAttribute("name")
                assertTrue("R.$kind.$name in StringIds", ids.contains("to R.$kind.$name,"))
            }
        }
        val app = File(android, "app/src/main/kotlin/rookery/android/AndroidPlatform.kt").readText()
        assertTrue("no lookup of resources by name", !app.contains("getIdentifier"))
    }

    @Test
    fun theRustLibraryIsRebuiltWhenAnythingCargoReadsChanges() {
        val gradle = File(android, "rust/build.gradle.kts").readText()
        val task = gradle.substringAfter("tasks.register<Exec>(\"cargoNdkBuild\")").substringBefore("\n}")
        for (f in listOf("Cargo.toml", "core/Cargo.toml", "bindings/Cargo.toml", "Cargo.lock", "rust-toolchain.toml")) {
            assertTrue("cargoNdkBuild has $f as an input", task.contains("inputs.file(workspace.resolve(\"$f\"))"))
            assertTrue("$f exists", File(ROOT, f).isFile)
        }
        for (d in listOf("core/src", "bindings/src")) assertTrue(task.contains("inputs.dir(workspace.resolve(\"$d\"))"))
    }

    /** The launcher icon's rook lies in the adaptive icon's safe zone (the centre circle of 66 of 108 dp). */
    @Test
    fun theLauncherIconStaysInItsSafeZone() {
        val fg = xml(File(res, "drawable/ic_launcher_foreground.xml"))
        val ns = "http://schemas.android.com/apk/res/android"
        val path = (fg.getElementsByTagName("path").item(0) as Element).getAttributeNS(ns, "pathData")
        val points = Regex("""(-?[\d.]+),(-?[\d.]+)""").findAll(path).map { it.groupValues[1].toFloat() to it.groupValues[2].toFloat() }.toList()
        assertTrue(points.size > 10)
        for ((x, y) in points) {
            val d = kotlin.math.hypot(x - 54f, y - 54f)
            assertTrue("($x, $y) is ${"%.1f".format(d)} dp from the centre", d <= 33f)
        }
        // a picture to look at: target/screenshots/launcher-icon.png (the background, the rook, the safe zone)
        val rook = PathParser().parsePathString(path).toPath()
        val image = ImageComposeScene(432, 432, Density(1f)) {
            Canvas(Modifier.fillMaxSize()) {
                scale(4f, pivot = Offset.Zero) {
                    drawRect(Color(0xFF2E4A3B))
                    drawRect(Color(0xFF3C5E4B), size = androidx.compose.ui.geometry.Size(54f, 54f))
                    drawRect(Color(0xFF3C5E4B), Offset(54f, 54f), androidx.compose.ui.geometry.Size(54f, 54f))
                    drawPath(rook, Color(0xFFF4EEDC))
                    drawPath(rook, Color(0xFF1E2B23), style = Stroke(2f))
                    drawCircle(Color.Red, 33f, Offset(54f, 54f), style = Stroke(0.3f))
                }
            }
        }.use { it.render() }
        val out = File(ROOT, "android/ui/target/screenshots").apply { mkdirs() }
        File(out, "launcher-icon.png").writeBytes(image.encodeToData(EncodedImageFormat.PNG)!!.bytes)
    }
}
