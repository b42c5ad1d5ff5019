import FormLua

#if canImport(Glibc)
  import Glibc
#endif

/// Where a form comes from. The drivers (fill, the REPL) ask a source to
/// build the form in a runtime, which then hosts it (handlers, interrupts,
/// the REPL's Lua), and never name the file type themselves: a Lua script
/// file, a JSON Schema (`SchemaSource`), the script on stdin (`-`), chunks
/// given with `-e`; another kind of file is one more conforming type and a
/// line in `FormSources.source(for:)`.
protocol FormSource {
  /// The file as given on the command line (for messages and the draft's header).
  var path: String { get }
  /// Build the form in `runtime.form`; the message (naming file and line)
  /// when it cannot be built.
  func load(into runtime: LuaRuntime) -> String?
}

/// A form script: Lua that builds the form on the global `form`.
struct LuaScriptSource: FormSource {
  var path: String

  func load(into runtime: LuaRuntime) -> String? {
    do { try runtime.load(path: path) } catch { return error.message }
    return nil
  }
}

/// `formrun -`: the form script read from stdin to its end, as lua.c reads
/// `lua -`; messages name it `stdin`. The fill's lines then cannot come from
/// stdin (`Fill.answersForStdinScript`).
struct StdinScriptSource: FormSource {
  var path: String { "-" }
  /// What stdin holds (read once, by `FormSources.source`): bytes, as Lua
  /// reads a file, so a string that is not UTF-8 reaches the script as it is
  /// (and is refused naming its byte where the form would keep it).
  var bytes: [UInt8]

  init(bytes: [UInt8]) { self.bytes = bytes }
  init(text: String) { bytes = Array(text.utf8) }

  func load(into runtime: LuaRuntime) -> String? {
    do { try runtime.load(bytes: Self.withoutShebang(bytes), name: "stdin") } catch { return error.message }
    return nil
  }

  /// A first line starting with `#` (`#!/usr/bin/env formrun`) left out, as
  /// Lua's file loader does; its newline stays, so line numbers hold.
  static func withoutShebang(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.first == UInt8(ascii: "#") else { return bytes }
    guard let newline = bytes.firstIndex(of: 10) else { return [] }
    return Array(bytes[newline...])
  }

  static func withoutShebang(_ text: String) -> String {
    String(decoding: withoutShebang(Array(text.utf8)), as: UTF8.self)
  }

  /// Every byte of stdin; nil when it cannot be read.
  static func readStdin() -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if n > 0 {
        bytes += chunk[0..<n]
      } else if n == 0 {
        return bytes
      } else if errno != EINTR {
        return nil
      }
    }
  }
}

/// `-e CHUNK`: each chunk run in turn, as lua.c runs its `-e` arguments
/// (messages name them `(command line)`), then the form's source if one was given.
struct ChunksSource: FormSource {
  var chunks: [String]
  var then: (any FormSource)?

  var path: String { then?.path ?? "(command line)" }

  func load(into runtime: LuaRuntime) -> String? {
    for chunk in chunks {
      do { try runtime.load(source: chunk, name: "(command line)") } catch { return error.message }
    }
    return then?.load(into: runtime)
  }
}

enum FormSources {
  /// The source that reads `path`: a JSON Schema for a `.json` file, else a Lua script.
  static func source(for path: String, lenient: Bool = false, schemaPath: [String] = []) -> any FormSource {
    path.lowercased().hasSuffix(".json")
      ? SchemaSource(path: path, lenient: lenient, searchPath: schemaPath) : LuaScriptSource(path: path)
  }

  /// The form the options name: `-e` chunks, then the file (`-`: stdin);
  /// nil when there is none (the REPL's empty form). The message when stdin
  /// cannot be read.
  static func source(for o: Options) -> Result<(any FormSource)?, SourceError> {
    var file: (any FormSource)?
    if o.path == "-" {
      guard let bytes = StdinScriptSource.readStdin() else {
        return .failure(SourceError(message: "the form script could not be read from stdin"))
      }
      file = StdinScriptSource(bytes: bytes)
    } else if let path = o.path {
      file = source(for: path, lenient: o.lenient, schemaPath: o.schemaPath)
    }
    if o.chunks.isEmpty { return .success(file) }
    return .success(ChunksSource(chunks: o.chunks, then: file))
  }
}

/// A form source that could not be had.
struct SourceError: Error {
  var message: String
}

extension StdinScriptSource {
  /// Where a fill's answers come from when stdin holds the form script.
  enum Answers {
    /// `--submit`, or `--set`/`--answers` (then the form is submitted at once,
    /// as with `--submit`: nothing else could answer)
    case flags
    /// the controlling terminal, opened (it becomes stdin once the script is read)
    case terminal(Int32)
  }

  /// The answers' source for `o`, decided before stdin is read; the message
  /// when there is none.
  static func answers(_ o: Options) -> Result<Answers, SourceError> {
    if o.submit || !o.sets.isEmpty || o.answers != nil { return .success(.flags) }
    let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard fd >= 0 else {
      return .failure(
        SourceError(
          message: "the form script came from stdin (-), so the answers must come from --set or --answers,"
            + " or from a terminal, and there is no terminal (/dev/tty)"))
    }
    return .success(.terminal(fd))
  }

  /// The terminal `fd` becomes stdin (the script has been read).
  static func readCommands(from fd: Int32) {
    dup2(fd, 0)
    close(fd)
  }
}
