-- spec/trip_spec.lua: the wizard driven as a person drives it, key by key.
describe("trip.lua", function()
  local s
  before_each(function()
    s = formrun.open("trip.lua", { screen = true, width = 72, height = 22 })
  end)

  it("keeps page 1 until it is finished", function()
    s:press("ctrl-s")
    assert.snapshot(s:screen(), "trip-refused")
  end)

  it("goes page by page to a summary, then submits", function()
    s:press("Ada", "enter", "ada@example.com", "enter", "enter") -- Enter on [ Next › ]
    s:press("enter", "down", "enter")                             -- City: Oslo
    s:press("ctrl-s", "ctrl-s")                                   -- page 3, then the summary
    assert.snapshot(s:screen(), "trip-summary")
    s:press("ctrl-s")
    assert.equals("submitted", s.ending)
    assert.same({ name = "Ada", email = "ada@example.com", city = "Oslo", nights = 3, insurance = false },
                s:values())
  end)
end)
