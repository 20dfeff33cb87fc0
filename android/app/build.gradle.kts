// :app - the Activity, the generated resources (src/main/res/values*/strings.xml and the rules
// pages in src/main/assets/rules/, both from `rookery i18n`) and the piece images.
plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

val workspace: File = rootDir.parentFile
val pieceAssets = layout.buildDirectory.dir("generated/pieceAssets")

// assets/pieces/*.svg -> assets "pieces/<glyph>.svg" (read by AndroidPlatform.pieceSvg)
val copyPieces = tasks.register<Copy>("copyPieceImages") {
    from(workspace.resolve("assets/pieces")) { include("*.svg") }
    into(pieceAssets.map { it.dir("pieces") })
}

android {
    namespace = "rookery.android"
    compileSdk = 36
    defaultConfig {
        applicationId = "app.rookery"
        minSdk = 26
        targetSdk = 36
        versionCode = 1
        versionName = "0.1.0"
    }
    sourceSets["main"].assets.srcDir(pieceAssets)
    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"))
        }
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    buildFeatures { compose = true }
    androidResources {
        // The languages of assets/i18n (rookery i18n generates one values-<lang> each).
        localeFilters += listOf("en", "sk")
        // Per-app languages (Android 13+) from the hand-written res/xml/locales_config.xml
        // (android:localeConfig in the manifest), the same list.
        generateLocaleConfig = false
    }
}

kotlin { jvmToolchain(17) }

tasks.named("preBuild") { dependsOn(copyPieces) }

dependencies {
    implementation(project(":ui"))
    implementation(libs.activity.compose)
    // RookeryViewModel: a ViewModel over a SavedStateHandle (what survives process death)
    implementation(libs.lifecycle.viewmodel.savedstate)
    implementation(libs.lifecycle.viewmodel.compose)
    implementation(libs.core.ktx)
    debugImplementation(libs.compose.ui.tooling)
}
