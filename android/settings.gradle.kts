// The Rookery Android app (open this directory in Android Studio).
//   :rust  builds librookery_bindings.so per ABI with cargo-ndk and generates the Kotlin bindings
//   :ui    the Compose UI (android/ui/src/main/kotlin: androidx.compose.* only; also built with
//          Maven on the JVM, see android/ui/pom.xml)
//   :app   the Activity, resources (generated strings) and assets
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}
dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}
rootProject.name = "Rookery"
include(":rust", ":ui", ":app")
