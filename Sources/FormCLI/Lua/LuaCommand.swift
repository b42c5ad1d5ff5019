import CArguments
import CLua
import FormCore
import FormLua
import FormTerminal
import FormTesting

#if canImport(Glibc)
  import Glibc
#endif

/// `formrun lua [options] [script [args]]`: lua.c's command line on
/// formrun's own Lua 5.4, with the whole standard library as lua.c gives it
/// (the specs' library: trusted code). It is the interpreter `formrun test`
/// names in `arg` (`arg[-2]`, `arg[-1]`: this program and `lua`), so a spec
/// that runs "the interpreter" again (Penlight's `pl.app.lua()`) runs this.
enum LuaCommand {
  enum End {
    /// the script and the options ran (lua.c's EXIT_SUCCESS)
    case ran
    /// an error was reported, or the options were wrong (lua.c's EXIT_FAILURE)
    case failed
  }

  /// lua.c's `Lua 5.4.4  Copyright (C) 1994-2022 Lua.org, PUC-Rio`.
  static var version: String { String(cString: formrun_lua_copyright()) }

  /// How the program names itself to a spec or a script (`arg[-2]` in specs):
  /// a name found on the PATH as given, else the executable's full path, so
  /// that it still runs after the spec changes folder.
  static func programPath() -> String {
    let given = formrun_argc() > 0 ? String(cString: formrun_argv(0)) : CommandLine.arguments.first ?? "formrun"
    if !given.isEmpty, !given.contains("/") { return given }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return given }
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func run(arguments: [String]) -> End {
    let runtime = LuaRuntime.trusted()
    let results: [Value]
    do {
      results = try runtime.runTrusted(
        source: source, name: "=formrun lua",
        arguments: [
          .value(.string("formrun lua")), .value(.string(programPath())),
          .value(.list(arguments.map(Value.string))), .value(.bool(Terminal.stdinIsTTY)),
          .value(.string(version)),
        ])
    } catch {
      Terminal.ui(["formrun lua: " + Cells.sanitize(error.message)])
      return .failed
    }
    _ = TestRunner.flushStandardOutput()
    return results.first == .int(0) ? .ran : .failed
  }

  /// lua.c's `pmain` in Lua: the options in order, `LUA_INIT`, the script
  /// with its arguments; errors reported as lua.c reports them, with the
  /// traceback cut where this chunk's own frames start.
  static let source = #"""
    local progname, program, argv, interactive, version = ...
    local stderr = io.stderr

    local function message(text)
      stderr:write(progname, ": ", text, "\n")
      stderr:flush()
    end

    -- lua.c's msghandler: a traceback under the message (none for an object whose
    -- __tostring gives the message); this chunk's frames cut, as lua.c has none
    local function handler(msg)
      if type(msg) ~= "string" and type(msg) ~= "number" then
        local mt = getmetatable(msg)
        if mt and mt.__tostring then
          local ok, text = pcall(tostring, msg)
          if ok and type(text) == "string" then return text end
        end
        msg = ("(error object is a %s value)"):format(type(msg))
      end
      local lines = {}
      for line in (debug.traceback(tostring(msg), 2) .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
      for i = #lines, 1, -1 do
        if lines[i] == "\t[C]: in function 'xpcall'" then
          for j = #lines, i, -1 do lines[j] = nil end
          lines[#lines + 1] = "\t[C]: in ?"
          break
        end
      end
      return table.concat(lines, "\n")
    end

    local function docall(f, ...)
      local results = table.pack(xpcall(f, handler, ...))
      if not results[1] then
        message(tostring(results[2]))
        return false
      end
      return true
    end

    local function usage(problem)
      stderr:write(progname, ": ", problem, "\n")
      stderr:write("usage: ", progname, " [options] [script [args]]\n",
        "Available options are:\n",
        "  -e stat   execute string 'stat'\n",
        "  -i        enter interactive mode after executing 'script'\n",
        "  -l name   require library 'name' into global 'name'\n",
        "  -v        show version information\n",
        "  -E        ignore environment variables\n",
        "  -W        turn warnings on\n",
        "  --        stop handling options\n",
        "  -         stop handling options and execute stdin\n")
      stderr:flush()
      return 1
    end

    -- collectargs: the options before the script, and where the script is
    local has = {}
    local script
    local i = 1
    while i <= #argv do
      local a = argv[i]
      if a:sub(1, 1) ~= "-" then script = i break end
      local option = a:sub(2, 2)
      if a == "-" then script = i break
      elseif a == "--" then
        if #argv > i then script = i + 1 end
        break
      elseif option == "E" or option == "W" or option == "i" or option == "v" then
        if #a ~= 2 then return usage("unrecognized option '" .. a .. "'") end
        has[option] = true
        if option == "i" then has.v = true end
      elseif option == "e" or option == "l" then
        has[option] = true
        if #a == 2 then
          i = i + 1
          if argv[i] == nil or argv[i]:sub(1, 1) == "-" then
            return usage("'" .. a .. "' needs argument")
          end
        end
      else
        return usage("unrecognized option '" .. a .. "'")
      end
      i = i + 1
    end

    -- createargtable: the script at 0, its arguments after it, the
    -- interpreter (this program and `lua`) and its options before it
    local all = { program, "lua" }
    for _, a in ipairs(argv) do all[#all + 1] = a end
    local at = script and script + 2 or 2
    local args = {}
    for k = 1, #all do args[k - at] = all[k] end
    arg = args

    if has.v then print(version) end
    if has.i then
      message("interactive mode is formrun repl's: run formrun repl")
      return 1
    end

    if has.W then warn("@on") end
    if not has.E then
      local name, init = "LUA_INIT_5_4", os.getenv("LUA_INIT_5_4")
      if init == nil then name, init = "LUA_INIT", os.getenv("LUA_INIT") end
      if init then
        local f, problem
        if init:sub(1, 1) == "@" then f, problem = loadfile(init:sub(2)) else f, problem = load(init, "=" .. name) end
        if not f then message(problem) return 1 end
        if not docall(f) then return 1 end
      end
    end

    -- runargs: -e and -l in order (-W was taken above)
    local last = script and script - 1 or #argv
    local k = 1
    while k <= last do
      local a = argv[k]
      local option = a:sub(2, 2)
      if a:sub(1, 1) == "-" and (option == "e" or option == "l") then
        local value = #a > 2 and a:sub(3) or argv[k + 1]
        if #a == 2 then k = k + 1 end
        if option == "e" then
          local f, problem = load(value, "=(command line)")
          if not f then message(problem) return 1 end
          if not docall(f) then return 1 end
        else
          local ok = docall(function() _G[value] = require(value) end)
          if not ok then return 1 end
        end
      end
      k = k + 1
    end

    local function runscript(name)
      local f, problem = loadfile(name)
      if not f then message(problem) return 1 end
      local n = 0
      while args[n + 1] ~= nil do n = n + 1 end
      return docall(f, table.unpack(args, 1, n)) and 0 or 1
    end

    if script then
      local name = argv[script]
      if name == "-" and argv[script - 1] ~= "--" then name = nil end
      return runscript(name)
    end
    if has.e or has.v then return 0 end
    if interactive then
      print(version)
      message("interactive mode is formrun repl's: run formrun repl")
      return 1
    end
    return runscript(nil)
    """#
}
