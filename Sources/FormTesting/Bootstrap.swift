/// The Lua side of `formrun test`: busted's own runner (lua-busted), started
/// in formrun's Lua state with formrun's defaults, `assert.snapshot`
/// registered with luassert, and busted's `os.exit` turned into a return.
enum Bootstrap {
  /// Called with `(arguments, stdout, host, ci)`; returns `code, started,
  /// passed, failed, pending, output` — or `nil, message` when busted or a
  /// module it needs is missing.
  static let source = #"""
    local arguments, stdout, host, ci_environment = ...

    -- busted writes its report to stdout (formrun points io.stdout at stderr
    -- for forms); a form opened by a test keeps its own print
    io.stdout = stdout
    io.output(stdout)
    -- what tests print, and test names and messages, reach the terminal
    -- with their control characters escaped (host.clean), as everywhere
    local clean = host.clean
    local select, tostring, concat = select, tostring, table.concat
    function print(...)
      local n = select("#", ...)
      local parts = { ... }
      for i = 1, n do parts[i] = tostring(parts[i]) end
      stdout:write(clean(concat(parts, "\t", 1, n)), "\n")
    end

    local missing_help = "formrun test runs on busted: install the Debian package lua-busted "
      .. "(apt-get install lua-busted; Scripts/bootstrap does it)"
    if not package.searchpath("busted.runner", package.path) then
      return nil, "busted is not installed; " .. missing_help
    end

    -- busted ends with os.exit: end the run instead, keeping the code
    local Exit = {}
    Exit.__tostring = function(e) return "os.exit(" .. tostring(e.code) .. ") in a test run" end
    function os.exit(code)
      if code == nil or code == true then code = 0 elseif code == false then code = 1 end
      error(setmetatable({ code = tonumber(code) or 1 }, Exit), 0)
    end

    local settings = {}
    local loading = true
    local ok, problem = pcall(function()
      -- formrun's defaults: the project's Tests/forms, and both _spec and
      -- _test files; a .busted file or the command line replaces them as
      -- busted documents. --update-snapshots and --ci join busted's flags.
      local core = require "cliargs.core"
      package.loaded["cliargs.core"] = function(...)
        local cli = core(...)
        local parse = cli.parse
        function cli.parse(self, args, ...)
          if self:redefine_default("ROOT", { "Tests/forms" }) then
            self:redefine_default("pattern", { "_spec", "_test" })
            self:flag("--update-snapshots", "record snapshots that differ anew (formrun)", false)
            self:flag("--ci", "fail on a missing snapshot instead of recording it (formrun; "
              .. "also when the CI environment variable is set)", false)
          end
          return parse(self, args, ...)
        end
        return cli
      end

      -- a test fails when form code it ran exceeded its instruction budget
      -- and the error was caught (by the test's pcall) instead of failing it
      local make_core = require "busted.core"
      package.loaded["busted.core"] = function(...)
        local busted = make_core(...)
        local safe = busted.safe
        function busted.safe(descriptor, run, element)
          if descriptor ~= "it" then return safe(descriptor, run, element) end
          host.runaway()
          return safe(descriptor, function(...)
            run(...)
            local swallowed = host.runaway()
            if swallowed then error(swallowed, 0) end
          end, element)
        end
        return busted
      end

      local make_cli = require "busted.modules.cli"
      package.loaded["busted.modules.cli"] = function(options)
        local cli = make_cli(options)
        local parse = cli.parse
        function cli.parse(self, args)
          local parsed, err = parse(self, args)
          if parsed then
            settings.output = parsed.output
            host.options(parsed["update-snapshots"] and true or false, ci_environment or parsed.ci and true or false)
          else
            for _, a in ipairs(args) do
              if a == "--help" or a == "-h" then
                stdout:write((err:gsub("^.-error: ", ""):gsub("; re%-run with %-%-help for usage%.$", "")), "\n",
                  "formrun's defaults (which a .busted file or the command line replace): ROOT Tests/forms;\n",
                  "--pattern _spec and _test. busted's documentation applies to everything above.\n")
                os.exit(0)
              end
            end
          end
          return parsed, err
        end
        return cli
      end

      -- count for the closing line, and follow the file being run (snapshots
      -- and formrun.open look beside it)
      -- (the counts of the output handler's own base handler when it has
      -- one, which saves a second set of subscribers on every test)
      local make_base = require "busted.outputHandlers.base"
      package.loaded["busted.outputHandlers.base"] = function(...)
        local handler = make_base(...)
        settings.counts = settings.counts or handler
        local format, full_name = handler.format, handler.getFullName
        function handler.format(...)
          local formatted = format(...)
          formatted.name = clean(formatted.name)
          if type(formatted.message) == "string" then formatted.message = clean(formatted.message) end
          local trace = formatted.trace
          if type(trace) == "table" then
            if type(trace.message) == "string" then trace.message = clean(trace.message) end
            if type(trace.traceback) == "string" then trace.traceback = clean(trace.traceback) end
          end
          return formatted
        end
        function handler.getFullName(...) return clean(full_name(...)) end
        return handler
      end

      -- each folder once: a link back up (ln -s .. up) would walk forever
      local dir, lfs = require "pl.dir", require "lfs"
      local getallfiles = dir.getallfiles
      function dir.getallfiles(start, pattern)
        if pattern then return getallfiles(start, pattern) end
        local files, seen = {}, {}
        local function walk(folder)
          local attributes = lfs.attributes(folder)
          if not attributes then return end
          local id = attributes.dev .. ":" .. attributes.ino
          if seen[id] then return end
          seen[id] = true
          for name in lfs.dir(folder) do
            if name ~= "." and name ~= ".." then
              local path = folder .. "/" .. name
              local mode = lfs.attributes(path, "mode")
              if mode == "directory" then walk(path) elseif mode == "file" then files[#files + 1] = path end
            end
          end
        end
        walk(start)
        return files
      end
      local make_loader = require "busted.modules.output_handler_loader"
      package.loaded["busted.modules.output_handler_loader"] = function()
        local load = make_loader()
        return function(busted, output, options)
          load(busted, output, options)
          if not (settings.counts and settings.counts.options) then
            settings.counts = make_base()
            settings.counts:subscribe(options)
          end
          busted.subscribe({ "suite", "start" }, function() settings.started = true return nil, true end)
          busted.subscribe({ "file", "start" }, function(file) host.file(file.name) return nil, true end)
          busted.subscribe({ "file", "end" }, function() host.file(nil) return nil, true end)
        end
      end

      -- assert.snapshot(text, name): a luassert assertion, so is_not and the
      -- message formatting work; assert:snapshot() stays luassert's own
      local luassert = require "luassert"
      local say = require "say"
      say:set("assertion.snapshot.positive", "%s")
      say:set("assertion.snapshot.negative", "%s")
      luassert:register("assertion", "snapshot", function(state, args, level)
        local text, name = args[1], args[2]
        if type(text) ~= "string" then
          error("bad argument #1 to 'snapshot' (string expected, got " .. type(text) .. ")", level)
        end
        if type(name) ~= "string" or not name:match("^[%w_.-]+$") then
          error("bad argument #2 to 'snapshot' (a name of letters, digits, '.', '-' or '_' expected, got "
            .. (type(name) == "string" and ("%q"):format(name) or type(name)) .. ")", level)
        end
        if args[3] ~= nil then state.failure_message = args[3] end
        local matches, why = host.snapshot(name, text, state.mod == false)
        args[1], args[2], args.n, args.nofmt = why or ("snapshot '" .. name .. "' matches"), nil, 1, { true }
        return matches
      end, "assertion.snapshot.positive", "assertion.snapshot.negative")
      local spy_state_snapshot = rawget(luassert, "snapshot")
      rawset(luassert, "snapshot", function(first, ...)
        if first == luassert then return spy_state_snapshot(first, ...) end
        return luassert.is.snapshot(first, ...)
      end)

      local runner = require "busted.runner"
      loading = false
      arg = arguments
      runner({ standalone = false })
    end)

    stdout:flush()
    local code = 0
    if not ok then
      if getmetatable(problem) ~= Exit then
        local text = tostring(problem)
        local module = text:match("module '([^']+)' not found")
        if module then return nil, "busted needs the Lua module '" .. module .. "'; " .. missing_help end
        if loading then
          return nil, "busted could not be loaded (" .. text:match("[^\n]*") .. "); " .. missing_help
        end
        error(problem, 0)
      end
      code = problem.code
    end
    local c = settings.counts
    local failed = c and (c.failuresCount + c.errorsCount) or 0
    return code, settings.started or false, c and c.successesCount or 0, failed, c and c.pendingsCount or 0,
      settings.output or ""
    """#
}
