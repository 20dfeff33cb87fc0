// swift-tools-version:6.0
// The iOS app's code as a Swift package: the generated bindings, RookeryKit (the app model,
// plain Swift with Observation) and its tests. The SwiftUI views (ios/Rookery/) are built by
// the Xcode project (project.yml) on a Mac; everything else builds and is tested on Linux
// (`swift build`, `swift test` in ios/) against the Rust library in target/release.
import Foundation
import PackageDescription

// The Rust library: target/release on Linux (and macOS without the XCFramework), linked with an
// rpath so `swift test` loads the real library; the XCFramework of build-xcframework.sh on iOS.
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
let rustLib = ProcessInfo.processInfo.environment["ROOKERY_LIB_DIR"] ?? "\(here)/../target/release"
let linkRust: [LinkerSetting] = [
    .unsafeFlags(["-L", rustLib, "-Xlinker", "-rpath", "-Xlinker", rustLib],
                 .when(platforms: [.linux, .macOS])),
]

// On Apple platforms (a Mac building the app): the XCFramework of build-xcframework.sh, when it
// was built, gives iOS the library and the same C module.
let xcframework = "RookeryCore.xcframework"
let hasXCFramework = FileManager.default.fileExists(atPath: "\(here)/\(xcframework)")
var ffi: [Target.Dependency] = [
    .target(name: "rookery_bindingsFFI", condition: hasXCFramework ? .when(platforms: [.linux, .macOS]) : nil),
]
var binaries: [Target] = []
if hasXCFramework {
    ffi.append(.target(name: "RookeryCoreFFI", condition: .when(platforms: [.iOS])))
    binaries.append(.binaryTarget(name: "RookeryCoreFFI", path: xcframework))
}

let package = Package(
    name: "Rookery",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "RookeryKit", targets: ["RookeryKit"]),
    ],
    targets: [
        // the generated header as a C module (links rookery_bindings)
        .systemLibrary(name: "rookery_bindingsFFI", path: "Sources/RookeryFFI"),
        // the generated Swift, in Swift 5 language mode as UniFFI's own tests build it
        .target(
            name: "RookeryBindings",
            dependencies: ffi,
            path: "Generated",
            exclude: ["rookery_bindingsFFI.h", "rookery_bindingsFFI.modulemap"],
            sources: ["rookery_bindings.swift"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            linkerSettings: linkRust
        ),
        .target(
            name: "RookeryKit",
            dependencies: ["RookeryBindings"],
            path: "Sources/RookeryKit",
            linkerSettings: linkRust
        ),
        .testTarget(
            name: "RookeryKitTests",
            dependencies: ["RookeryKit", "RookeryBindings"],
            path: "Tests/RookeryKitTests",
            linkerSettings: linkRust
        ),
    ] + binaries
)
