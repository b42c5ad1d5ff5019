// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "formrun",
  targets: [
    .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    .systemLibrary(name: "CSystem"),
    // libedit is opened with dlopen at the first terminal prompt (Sources/CEditLine/shim.h): no pkg-config, no -ledit
    .systemLibrary(name: "CEditLine", providers: [.apt(["libedit-dev"])]),
    // ECMA-262 regular expressions for JSON Schema's pattern keywords
    .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
    // `formrun serve`'s HTTP server and its `--collect FILE.sqlite`: Debian's headers, the libraries
    // opened with dlopen when serve starts (Sources/CMicroHTTPD/shim.h). No pkgConfig here, as it
    // would add -l: linked, every run loads them (libmicrohttpd brings GnuTLS and eight more), and a
    // 10-row fill's start took 1.6-1.8x as long (Docs/reference.md, formrun serve, "Libraries")
    .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // the C side of the Lua boundary: limits, protected calls, the forms' library
    .target(name: "CLuaBoundary", dependencies: ["CLua"]),
    // the Lua that starts busted (busted.lua), compiled into the binary
    .target(name: "CBusted", exclude: ["busted.lua"]),
    // optimised even in debug builds: the pattern guard no longer needs it, but
    // the suite does (FormCoreTests take 18 s unoptimised, 8 s optimised)
    .target(name: "FormCore", dependencies: ["FormEscape"], swiftSettings: [.unsafeFlags(["-O"])]),
    // one escaper with a dialect for each reader (JSON, TSV, history, Lua, stderr): a leaf that
    // FormCore and FormTerminal, which know nothing of each other, both import
    .target(name: "FormEscape"),
    .target(name: "FormRender", dependencies: ["FormCore"]),
    .target(name: "FormSession", dependencies: ["FormCore", "FormRender"]),
    .target(name: "FormLua", dependencies: ["CLua", "CLuaBoundary", "FormCore", "FormEscape"]),
    // form:from_schema's builder, given to runtimes by the front ends: the bridge itself knows no schema (nor PCRE2)
    .target(name: "FormLuaSchema", dependencies: ["FormLua", "FormSchema", "FormCore"]),
    .target(
      name: "FormTesting",
      dependencies: [
        "CBusted", "FormLua", "FormLuaSchema", "FormScreen", "FormServe", "FormSession", "FormTerminal", "FormRender",
        "FormCore",
      ]),
    .target(name: "FormTerminal", dependencies: ["CEditLine", "FormEscape"]),
    // the screen mode: focus, widgets per kind shape, frame diffing
    .target(name: "FormScreen", dependencies: ["FormTerminal", "FormSession", "FormCore"]),
    // JSON Schema: load and validate, build a form from a schema, export a form's schema
    .target(name: "FormSchema", dependencies: ["CPCRE2", "FormCore"]),
    // the browser front end: HTTP, a Lua state and an engine per visitor, HTML, answers collected
    .target(
      name: "FormServe",
      dependencies: [
        "CMicroHTTPD", "CSQLite", "CSystem", "FormLua", "FormSession", "FormTerminal", "FormRender", "FormCore",
      ]),
    .target(
      name: "FormCLI",
      dependencies: [
        "FormScreen", "FormServe", "FormTerminal", "FormTesting", "FormLua", "FormLuaSchema", "FormSchema",
        "FormSession", "FormRender", "FormCore", "FormEscape", "CSystem", "CArguments",
      ]),
    // argc and argv as glibc gives them, so that formrun needs no /proc (CommandLine reads it)
    .target(name: "CArguments"),
    .executableTarget(name: "formrun", dependencies: ["FormCLI", "CArguments"]),
    // golden files and process launching for every test target
    .target(
      name: "TestSupport", dependencies: ["FormTesting", "FormSession", "FormTerminal", "FormCore"],
      path: "Tests/Support"),
    .testTarget(name: "FormCoreTests", dependencies: ["FormCore", "FormEscape"]),
    .testTarget(name: "FormEscapeTests", dependencies: ["FormEscape"]),
    .testTarget(
      name: "FormRenderTests", dependencies: ["FormCore", "FormRender", "FormTesting", "TestSupport"],
      exclude: ["__snapshots__"]),
    .testTarget(name: "FormSessionTests", dependencies: ["FormCore", "FormRender", "FormSession"]),
    .testTarget(
      name: "FormLuaTests",
      dependencies: ["FormLua", "FormLuaSchema", "FormCore", "FormSession", "FormTesting", "TestSupport"],
      exclude: ["__snapshots__"]),
    .testTarget(name: "FormTerminalTests", dependencies: ["FormTerminal", "TestSupport"]),
    .testTarget(
      name: "FormScreenTests",
      dependencies: ["FormScreen", "FormTerminal", "FormLua", "FormSession", "FormCore", "TestSupport"],
      exclude: ["__snapshots__"]),
    .testTarget(name: "FormSchemaTests", dependencies: ["FormSchema", "FormCore"]),
    .testTarget(name: "FormServeTests", dependencies: ["FormServe", "FormLua", "FormSession", "FormCore"]),
    .testTarget(name: "FormCLITests", dependencies: ["FormCLI", "FormTerminal", "FormCore", "TestSupport"]),
    // the built binary, run as a process: streams, exit codes, signals
    .testTarget(name: "CLITests", dependencies: ["TestSupport"], exclude: ["fixtures"]),
  ]
)
