-- formrun test: busted's own runner (Debian's lua-busted), started inside
-- formrun's Lua state. Called with (arguments, host, ci_environment,
-- interpreter); hands code, started, passed, failed and files run to
-- host.finished when busted's runner ends, then ends with an error the host
-- expects — or returns nil and a message when busted or a module it needs is
-- missing.
--
-- The specs run as under `lua5.4 busted`: this chunk changes no library
-- function they see. It changes busted only where formrun adds something:
-- formrun's defaults for formrun's own command line (ROOT: spec/ when it
-- exists, else Tests/forms; _test files, and _spec ones as busted finds
-- them; --update-snapshots and --ci), assert.snapshot, the closing
-- counts, test names and messages with their control characters
-- escaped, a test that fails when form code it ran used up its budget, and
-- busted's final exit turned into the end of the run. No frame of it is under a test's (busted's runner is its tail call).
local arguments, host, ci_environment, interpreter = ...
-- `arg` as lua.c gives it to busted's script: the interpreter and its
-- options before 0 (formrun and `lua`: `formrun lua` runs a script as lua does)
arguments[0] = "formrun test"
for i = 1, #interpreter do arguments[i - #interpreter - 1] = interpreter[i] end
local clean = host.clean

local missing_help = "formrun test runs on busted: install the Debian package lua-busted "
  .. "(apt-get install lua-busted; Scripts/bootstrap does it)"
if not package.searchpath("busted.runner", package.path) then
  return nil, "busted is not installed; " .. missing_help
end

local SENTINEL_ROOT = "\0formrun: the default ROOT"
local SENTINEL_PATTERN = "\0formrun: the default pattern"
local settings = { files = 0 }

-- the runner ends with busted.compatibility's exit: the run ends instead,
-- its code and counts handed to the host first (a spec's own os.exit is
-- Lua's: it ends the process)
local Exit = {}
Exit.__tostring = function(e) return "exit(" .. tostring(e.code) .. ")" end
local function finished(code)
  io.stdout:flush()
  local c = settings.counts
  local failed = (c and (c.failuresCount + c.errorsCount) or 0) + (settings.output_failed and 1 or 0)
  host.finished(code, settings.started or false, c and c.successesCount or 0, failed, settings.files)
end
local function stop(code)
  finished(code)
  error(setmetatable({ code = code }, Exit), 0)
end

local runner

-- The test files of a project, by the convention it follows: _test
-- anchored to the end of a name (a helper such as busted's own
-- cl_test_module.lua is no test file), and busted's own _spec (unanchored,
-- as busted has it) only where a file under the roots ends in _spec, so a
-- project of _test files takes no _spec helper (db_spec_fixtures.lua).
local function default_patterns(parsed)
  local path, dir = require "pl.path", require "pl.dir"
  local excludes = parsed["exclude-pattern"] or {}
  local function counts(name)
    for _, p in ipairs(excludes) do
      if p ~= "" and name:find(p) then return false end
    end
    return name:find("_spec%.[^.]+$") ~= nil
  end
  for _, root in ipairs(parsed.ROOT) do
    local folder = path.join(parsed.directory or ".", root)
    if path.isdir(folder) then
      local files = parsed.recursive and dir.getallfiles(folder) or dir.getfiles(folder)
      for _, file in ipairs(files) do
        if counts(path.basename(file)) then return { "_spec", "_test%.[^.]+$" } end
      end
    end
  end
  return { "_test%.[^.]+$" }
end

local ok, problem = pcall(function()
  local compatibility = require "busted.compatibility"
  compatibility.exit = function(code) stop(code ~= 0 and 1 or 0) end

  -- formrun's defaults and flags, on formrun's own parser only (a spec
  -- making busted's parser gets busted's)
  local make_cli = require "busted.modules.cli"
  package.loaded["busted.modules.cli"] = function(options)
    package.loaded["busted.modules.cli"] = make_cli
    local make_core = require "cliargs.core"
    local core
    package.loaded["cliargs.core"] = function(...)
      core = make_core(...)
      return core
    end
    local made, cli = pcall(make_cli, options)
    package.loaded["cliargs.core"] = make_core
    if not made then error(cli, 0) end
    -- the runner names the program after its caller's file: formrun test's is none
    local set_name = cli.set_name
    function cli.set_name(self, _) return set_name(self, "formrun test") end
    core:redefine_default("ROOT", { SENTINEL_ROOT })
    -- decided once the roots are known (default_patterns)
    core:redefine_default("pattern", { SENTINEL_PATTERN })
    core:flag("--update-snapshots", "record snapshots that differ anew (formrun)", false)
    core:flag("--ci", "fail on a missing snapshot instead of recording it (formrun; "
      .. "also when the CI environment variable is set)", false)

    local parse = cli.parse
    function cli.parse(self, args)
      for _, a in ipairs(args) do
        if a == "--help" or a == "-h" then
          -- the help shows the defaults formrun uses
          core:redefine_default("ROOT", { { "spec/ when it exists, else Tests/forms" } })
          core:redefine_default("pattern", "_test at the end of a name, and _spec where a name ends in _spec")
          local _, help = parse(self, args)
          io.stdout:write((help:gsub("^.-error: ", ""):gsub("; re%-run with %-%-help for usage%.$", "")), "\n",
            "formrun test is busted run inside formrun: busted's documentation applies to everything",
            " above, but --lua,\nwhich it refuses (formrun test runs in formrun's own Lua 5.4).\n")
          io.stdout:flush()
          stop(0)
        end
      end
      -- busted would run `LUA formrun test ...` for --lua: refused below instead
      local given = { "--ignore-lua", table.unpack(args) }
      given[0] = args[0]
      local parsed, err = parse(self, given)
      if not parsed then return nil, err end
      local name = "formrun test"
      if parsed.lua then
        return nil, name .. ": error: --lua is not supported: formrun test runs busted in formrun's own "
          .. "Lua 5.4 (for another interpreter run busted itself)"
      end
      local runs = parsed["repeat"]
      if math.type(runs) ~= "integer" or runs < 1 then
        return nil, name .. ": error: argument to --repeat must be a whole number of at least 1 (got "
          .. tostring(runs) .. ")"
      end
      if parsed.seed ~= nil and tonumber(parsed.seed) and not math.tointeger(tonumber(parsed.seed)) then
        return nil, name .. ": error: argument to --seed must be a whole number from "
          .. math.mininteger .. " to " .. math.maxinteger .. " (got " .. tostring(parsed.seed) .. ")"
      end
      if #parsed.ROOT == 1 and parsed.ROOT[1] == SENTINEL_ROOT then
        local path = require "pl.path"
        local spec = path.join(parsed.directory or ".", "spec")
        parsed.ROOT = { path.isdir(spec) and "spec" or "Tests/forms" }
        settings.without_spec = parsed.ROOT[1] ~= "spec"
      end
      settings.roots = parsed.ROOT
      if #parsed.pattern == 1 and parsed.pattern[1] == SENTINEL_PATTERN then
        parsed.pattern = default_patterns(parsed)
        parsed.p = parsed.pattern
      end
      settings.patterns = parsed.pattern
      host.options(parsed["update-snapshots"] and true or false, ci_environment or parsed.ci and true or false)
      return parsed
    end
    return cli
  end

  local make_core = require "busted.core"
  package.loaded["busted.core"] = function(...)
    local busted = make_core(...)
    -- messages and tracebacks (a form's text may be in them) reach the report
    -- with their control characters escaped, in every output handler
    local publish = busted.publish
    function busted.publish(channel, element, parent, message, trace, ...)
      local kind = channel[1]
      if kind == "failure" or kind == "error" then
        if type(message) == "string" then message = clean(message) end
        if type(trace) == "table" then
          if type(trace.message) == "string" then trace.message = clean(trace.message) end
          if type(trace.traceback) == "string" then trace.traceback = clean(trace.traceback) end
        end
      end
      return publish(channel, element, parent, message, trace, ...)
    end
    return busted
  end

  -- the closing line's counts: those of the output handler's own base
  -- handler when it has one (no second set of subscribers on every test);
  -- test names reach the report escaped
  local make_base = require "busted.outputHandlers.base"
  package.loaded["busted.outputHandlers.base"] = function(...)
    local handler = make_base(...)
    settings.counts = settings.counts or handler
    local full_name = handler.getFullName
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

  -- the message when no file is found says where formrun looked
  local say = require "say"
  local make_loader = require "busted.modules.output_handler_loader"
  package.loaded["busted.modules.output_handler_loader"] = function()
    local load = make_loader()
    return function(busted, output, options)
      -- busted says so and goes on with its default handler; the closing
      -- line counts it
      busted.subscribe({ "error", "output" }, function()
        settings.output_failed = true
        return nil, true
      end)
      load(busted, output, options)
      if not (settings.counts and settings.counts.options) then
        settings.counts = make_base()
        settings.counts:subscribe(options)
      end
      local roots = table.concat(settings.roots or {}, ", ")
      if settings.without_spec then roots = roots .. "; there is no spec/ folder" end
      say:set("output.no_test_files_match", "No test files found matching Lua pattern: %s\n(looked in " .. roots .. ")")
      busted.subscribe({ "suite", "start" }, function() settings.started = true return nil, true end)
      busted.subscribe({ "file", "start" }, function(file)
        settings.files = settings.files + 1
        host.file(file.name)
        return nil, true
      end)
      busted.subscribe({ "file", "end" }, function() host.file(nil) return nil, true end)
      -- the runner's last word when every test passed (it returns, without an exit, then)
      busted.subscribe({ "exit" }, function() finished(0) return nil, true end)
      -- a test fails when form code it ran used up its budget, even if the test
      -- caught the error (or a session reported a stopped handler and went on):
      -- checked at the test's start and end events, before the output
      -- handlers hear them (so subscribed after them, first), so that no frame
      -- of formrun's is on the stack under a test (its error levels,
      -- tracebacks and coverage are busted's)
      busted.subscribe({ "test", "start" }, function()
        host.runaway()
        return nil, true
      end, { priority = 1 })
      busted.subscribe({ "test", "end" }, function(element, parent, status, ...)
        if status ~= "success" then return nil, true end
        local swallowed = host.runaway()
        if not swallowed then return nil, true end
        local trace = element.trace or {}
        local where = (trace.short_src or "?") .. ":" .. tostring(trace.currentline or 0) .. ": "
        local failure = { message = where .. swallowed, traceback = "", short_src = trace.short_src,
          currentline = trace.currentline }
        busted.publish({ "failure", "it" }, element, parent, failure.message, failure)
        -- the test ends failed instead: this end goes no further
        busted.publish({ "test", "end" }, element, parent, "failure", ...)
        return nil, false
      end, { priority = 1 })
    end
  end

  -- assert.snapshot(text, name): a luassert assertion, so is_not and the
  -- message formatting work; assert:snapshot() stays luassert's own
  local luassert = require "luassert"
  say:set("assertion.snapshot.positive", "%s")
  say:set("assertion.snapshot.negative", "%s")
  luassert:register("assertion", "snapshot", function(state, args, level)
    -- level names the spec's line from luassert's __call; this is one frame below it
    level = level + 1
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

  runner = require "busted.runner"
end)

-- busted's runner, for the host to call through pcall once this chunk has
-- returned: no frame of formrun's below it (the runner finds pcall where
-- busted's script would be); it ends in `stop`, once the host has the results
if not ok then
  local text = tostring(problem)
  local module = text:match("module '([^']+)' not found")
  if module then return nil, "busted needs the Lua module '" .. module .. "'; " .. missing_help end
  return nil, "busted could not be loaded (" .. text:match("[^\n]*") .. "); " .. missing_help
end
arg = arguments
return runner, { standalone = false }
