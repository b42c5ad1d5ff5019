// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "formrun",
  targets: [
    .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    .systemLibrary(name: "CSystem"),
    .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    // optimised even in debug builds: the runaway-pattern guard measures matches
    // of millions of steps, which an unoptimised matcher takes seconds over
    .target(name: "FormCore", swiftSettings: [.unsafeFlags(["-O"])]),
    .target(name: "FormRender", dependencies: ["FormCore"]),
    .target(name: "FormSession", dependencies: ["FormCore", "FormRender"]),
    .target(name: "FormLua", dependencies: ["CLua", "FormCore", "FormRender"]),
    .target(name: "FormTesting", dependencies: ["CLua", "FormLua", "FormSession", "FormRender", "FormCore"]),
    .executableTarget(
      name: "formrun",
      dependencies: [
        "FormLua", "FormTesting", "FormSession", "FormRender", "FormCore", "CEditLine", "CSystem",
      ]),
    .testTarget(name: "FormCoreTests", dependencies: ["FormCore"]),
    .testTarget(
      name: "FormRenderTests", dependencies: ["FormCore", "FormRender", "FormTesting"], exclude: ["__snapshots__"]),
    .testTarget(name: "FormSessionTests", dependencies: ["FormCore", "FormRender", "FormSession"]),
    .testTarget(
      name: "FormLuaTests", dependencies: ["FormLua", "FormCore", "FormSession", "FormTesting"],
      exclude: ["__snapshots__"]),
    .testTarget(name: "CLITests", dependencies: [], exclude: ["fixtures"]),
  ]
)
