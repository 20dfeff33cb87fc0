// :ui - the Compose UI. The same sources (src/main/kotlin, which imports no android.*) are
// built on the JVM with Maven and Compose Multiplatform desktop (pom.xml, run-tests.sh); here
// they are compiled for Android with Jetpack Compose. src/desktop/ and src/test/ are the
// desktop shell and the JVM tests: not part of the Android build.
plugins {
    alias(libs.plugins.android.library)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

android {
    namespace = "rookery.ui"
    compileSdk = 36
    defaultConfig { minSdk = 26 }
    sourceSets["main"].kotlin.setSrcDirs(listOf("src/main/kotlin"))
    sourceSets["main"].manifest.srcFile("src/android/AndroidManifest.xml")
    sourceSets["test"].kotlin.setSrcDirs(emptyList<String>())
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    buildFeatures { compose = true }
}

kotlin { jvmToolchain(17) }

dependencies {
    api(project(":rust"))
    // the versions the JVM tests run, or their Jetpack releases (gradle/libs.versions.toml)
    api(libs.compose.runtime)
    api(libs.compose.ui)
    api(libs.compose.foundation)
    api(libs.compose.material3)
}
