-- A busted output handler that records every test's outcome, one line each:
-- full name, file:line, status (success, failure, error or pending), tab
-- separated, into the file $FORMRUN_RECORD_TO; and errors outside tests
-- (a file that does not load, a describe block that raises) as `!error`
-- lines. Loaded with -o by both runners, so their records compare line by
-- line (Tests/LuaSuites/run_suites.py).
return function(options)
  local busted = require "busted"
  local handler = require "busted.outputHandlers.base"()
  local path = assert(os.getenv("FORMRUN_RECORD_TO"), "FORMRUN_RECORD_TO names the record file")
  local out = assert(io.open(path, "w"))

  -- control characters written out, so a name is one field of one line
  local function field(text)
    return (tostring(text):gsub("[%c\\]", function(c) return ("\\%03d"):format(c:byte()) end))
  end

  -- the test's name and its blocks', as busted's base handler makes it
  -- (its own, which formrun's reports escape, is not called)
  local function fullName(element)
    local names = { element.name or element.descriptor }
    local parent = busted.parent(element)
    while parent and (parent.name or parent.descriptor) and parent.descriptor ~= "file" do
      table.insert(names, 1, parent.name or parent.descriptor)
      parent = busted.parent(parent)
    end
    return table.concat(names, " ")
  end

  local function place(element)
    local trace = element and element.trace or {}
    return field(trace.short_src or "?") .. ":" .. tostring(trace.currentline or 0)
  end

  local function write(...)
    out:write(table.concat({ ... }, "\t"), "\n")
    out:flush()
  end

  busted.subscribe({ "test", "end" }, function(element, parent, status)
    write(field(fullName(element)), place(element), status)
    return nil, true
  end)

  for _, kind in ipairs({ "file", "describe" }) do
    busted.subscribe({ "error", kind }, function(element, parent, message)
      write("!error", kind, field(element and element.name or "?"), field(tostring(message):match("[^\n]*")))
      return nil, true
    end)
    busted.subscribe({ "failure", kind }, function(element, parent, message)
      write("!failure", kind, field(element and element.name or "?"), field(tostring(message):match("[^\n]*")))
      return nil, true
    end)
  end

  busted.subscribe({ "suite", "end" }, function()
    out:close()
    return nil, true
  end)

  return handler
end
