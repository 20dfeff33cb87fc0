// :rust - librookery_bindings.so for every ABI (cargo-ndk) and its Kotlin bindings (UniFFI,
// Android flavour), packaged as an Android library the UI and the app depend on.
//
// Needs on the workstation: the Rust toolchain with the Android targets
//   rustup target add aarch64-linux-android armv7-linux-androideabi x86_64-linux-android
// cargo-ndk (`cargo install cargo-ndk`), and the NDK (ANDROID_NDK_HOME, or the one the SDK
// manager installed, which cargo-ndk finds through ANDROID_HOME).
import org.gradle.api.tasks.Exec

plugins {
    alias(libs.plugins.android.library)
    alias(libs.plugins.kotlin.android)
}

val workspace: File = rootDir.parentFile
val abis: List<String> = (findProperty("rookery.abis") as String? ?: "arm64-v8a")
    .split(',').map { it.trim() }.filter { it.isNotEmpty() }
val jniOut = layout.buildDirectory.dir("rust/jniLibs")
val kotlinOut = layout.buildDirectory.dir("generated/uniffi")
val cargoTarget = layout.buildDirectory.dir("rust/target")

android {
    namespace = "rookery.bindings"
    compileSdk = 36
    defaultConfig {
        minSdk = 26
        consumerProguardFiles("consumer-rules.pro")
    }
    sourceSets["main"].jniLibs.srcDir(jniOut)
    sourceSets["main"].kotlin.srcDir(kotlinOut)
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
}

kotlin { jvmToolchain(17) }

// The release profile of the workspace keeps panic = "unwind" (the bindings catch panics at
// the FFI boundary); cargo-ndk strips nothing the bindings need.
val cargoNdk = tasks.register<Exec>("cargoNdkBuild") {
    group = "rust"
    description = "Builds librookery_bindings.so for ${abis.joinToString()} with cargo-ndk"
    workingDir = workspace
    environment("CARGO_TARGET_DIR", cargoTarget.get().asFile.path)
    val args = mutableListOf("cargo", "ndk", "--platform", "26")
    abis.forEach { args += listOf("-t", it) }
    args += listOf("-o", jniOut.get().asFile.path, "build", "--release", "-p", "rookery-bindings")
    commandLine(args)
    // everything cargo reads to build the library: the sources, the manifests, the lockfile,
    // the toolchain and the workspace's cargo settings (a change to any rebuilds it)
    inputs.dir(workspace.resolve("core/src"))
    inputs.dir(workspace.resolve("bindings/src"))
    inputs.file(workspace.resolve("Cargo.toml"))
    inputs.file(workspace.resolve("core/Cargo.toml"))
    inputs.file(workspace.resolve("bindings/Cargo.toml"))
    inputs.file(workspace.resolve("Cargo.lock"))
    inputs.file(workspace.resolve("rust-toolchain.toml"))
    workspace.resolve("core/build.rs").takeIf { it.isFile }?.let { inputs.file(it) }
    workspace.resolve("bindings/build.rs").takeIf { it.isFile }?.let { inputs.file(it) }
    workspace.resolve(".cargo/config.toml").takeIf { it.isFile }?.let { inputs.file(it) }
    outputs.dir(jniOut)
}

// Library mode reads the exported API from the built library itself (any ABI's file works).
val uniffiBindgen = tasks.register<Exec>("uniffiBindgen") {
    group = "rust"
    description = "Generates the Kotlin bindings (android = true) from the built library"
    dependsOn(cargoNdk)
    workingDir = workspace
    val lib = jniOut.get().asFile.resolve("${abis.first()}/librookery_bindings.so")
    commandLine(
        "cargo", "run", "--release", "-p", "uniffi-bindgen", "--",
        "generate", "--library", lib.path, "--language", "kotlin", "--no-format",
        "--config", workspace.resolve("android/uniffi.toml").path,
        "--out-dir", kotlinOut.get().asFile.path,
    )
    inputs.dir(jniOut)
    inputs.file(workspace.resolve("android/uniffi.toml"))
    outputs.dir(kotlinOut)
}

tasks.named("preBuild") { dependsOn(uniffiBindgen) }

dependencies {
    // JNA as an AAR: it carries libjnidispatch.so for every ABI.
    api("${libs.jna.get()}@aar")
    api(libs.coroutines.android)
    implementation(libs.annotation)
}
