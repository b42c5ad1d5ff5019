// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "formrun",
  targets: [
    .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    .systemLibrary(name: "CSystem"),
    // libedit is loaded by the REPL when it starts (dlopen), not linked: see its shim.h
    .systemLibrary(name: "CEditLine"),
    .target(name: "FormCore"),
    .target(name: "FormRender", dependencies: ["FormCore"]),
    .target(name: "FormSession", dependencies: ["FormCore", "FormRender"]),
    .target(name: "FormLua", dependencies: ["CLua", "FormCore", "FormRender", "FormSession"]),
    .executableTarget(
      name: "formrun", dependencies: ["FormLua", "FormSession", "FormRender", "FormCore", "CEditLine", "CSystem"]),
    .testTarget(name: "FormCoreTests", dependencies: ["FormCore"]),
    .testTarget(name: "FormRenderTests", dependencies: ["FormCore", "FormRender"], exclude: ["__snapshots__"]),
    .testTarget(name: "FormSessionTests", dependencies: ["FormCore", "FormRender", "FormSession"]),
    .testTarget(name: "FormLuaTests", dependencies: ["FormLua", "FormCore", "FormSession"]),
    .testTarget(name: "CLITests", dependencies: []),
  ],
  swiftLanguageModes: [.v5]
)
