-- Scripts/bench's screen series in-process: the screen mode without a
-- terminal, as a form's test drives it (`formrun.open(path, { screen = true })`,
-- `s:press`, `s:screen()`). WORK=keys (the default): on Benchmarks/screen.lua
-- (ROWS rows) the first screen's time, then a key and its frame, KEYS times.
-- WORK=typing: KEYS characters typed into one editor, a frame every 50.
-- CPU seconds, printed as `bench screen NAME SECONDS …`.
describe("the screen mode in-process", function()
  it("does the work asked", function()
    local keys = tonumber(os.getenv("KEYS") or "200")
    if os.getenv("WORK") == "typing" then
      local path = os.tmpname()
      local f = assert(io.open(path, "w"))
      f:write('form:section{}:text{ name = "notes", title = "Notes" }\n')
      f:close()
      local s = formrun.open(path, { screen = true, width = 100, height = 30 })
      os.remove(path)
      s:press("enter")
      local chunk = string.rep("abcdefghij", 5)
      local start = os.clock()
      for _ = 1, keys // 50 do
        s:press(chunk)
        s:screen()
      end
      print(string.format("bench screen typing_s %.6f", os.clock() - start))
      return
    end
    local start = os.clock()
    local s = formrun.open("Benchmarks/screen.lua", { screen = true, width = 100, height = 30 })
    s:screen()
    local first = os.clock() - start
    start = os.clock()
    for _ = 1, keys do
      s:press("down")
      s:screen()
    end
    print(string.format("bench screen first_s %.6f key_s %.9f", first, (os.clock() - start) / keys))
  end)
end)
