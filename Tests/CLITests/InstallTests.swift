import Foundation
import Testing

/// The parts of the install that need no release build (Scripts/test-install,
/// called by .ci/run, installs for real): the `ldd` check of Scripts/check-links
/// and the man page.
struct InstallTests {
  static func run(_ executable: String, _ args: [String], env: [String: String] = [:]) throws -> CLI.Result {
    try CLI.launch(executable, args, environment: env).result
  }

  static let checkLinks = CLI.root.appendingPathComponent("Scripts/check-links").path

  @Test func checkLinksRefusesABinaryLinkingTheToolchain() throws {
    // the debug build links the Swift runtime from the toolchain's folder
    let r = try Self.run(Self.checkLinks, [CLI.binary])
    #expect(r.status == 1)
    #expect(r.stderr.contains("links libraries of the Swift toolchain"))
    #expect(r.stderr.contains("libswiftCore.so"))
  }

  @Test func checkLinksAcceptsABinaryLinkingOnlySystemLibraries() throws {
    let r = try Self.run(Self.checkLinks, ["/bin/sh"])
    #expect(r.status == 0)
    #expect(r.stderr.contains("links nothing from the toolchain"))
  }

  @Test func checkLinksTakesTheToolchainFolder() throws {
    // a library found in the named folder counts, whatever its name
    let libc = try Self.run("/usr/bin/ldd", ["/bin/sh"]).stdout
    let folder = libc.firstMatch(of: #/=> (/\S+)/libc\.so/#).map { String($0.1) }
    try #require(folder != nil)
    let r = try Self.run(Self.checkLinks, ["/bin/sh", folder!])
    #expect(r.status == 1)
    #expect(r.stderr.contains("libc.so"))
  }

  static let man = "/usr/bin/man"

  /// Skipped where man-db is not installed; Scripts/test-install installs it and renders the installed page.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: man))) func manPageRenders() throws {
    let man = Self.man
    let r = try Self.run(
      man, ["--warnings", "-l", CLI.root.appendingPathComponent("Docs/formrun.1").path], env: ["MANWIDTH": "80"])
    #expect(r.status == 0)
    #expect(r.stderr.isEmpty)
    for heading in ["NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "LINE COMMANDS", "EXIT STATUS", "ENVIRONMENT"] {
      #expect(r.stdout.contains("\n" + heading + "\n"), "the man page has no \(heading)")
    }
  }
}
