-- RE locale: a date typed without the weekday its format has is read, the
-- weekday derived from the date (the form is re_locale_weekday.lua).
describe("RE locale: a date typed without its format's weekday", function()
  local s
  before_each(function() s = formrun.open("re_locale_weekday.lua") end)

  it("is read, and shown with the weekday the date has", function()
    s:send("jour 30 novembre 2026")
    assert.equals("2026-11-30", s:value("jour"))
    assert.matches("lundi 30 novembre 2026", s:send("show"), 1, true)
  end)

  it("with the text that parts the weekday from the date left out too, wherever the weekday is", function()
    s:send("virgule 1 juin 2026")
    assert.equals("2026-06-01", s:value("virgule"))
    s:send("fin 14 juillet 2026")
    assert.equals("2026-07-14", s:value("fin"))
    assert.matches("14 juillet 2026 (mardi)", s:send("show"), 1, true)
  end)

  it("in a datetime's format, and in a format of figures", function()
    s:send("rdv 30 novembre 2026 14:05")
    assert.equals("2026-11-30T14:05", s:value("rdv"))
    assert.matches("lundi 30 novembre 2026 14:05", s:send("show"), 1, true)
    s:send("points 2026.11.30")
    assert.equals("2026-11-30", s:value("points"))
  end)

  it("a weekday typed is still checked against the date (named in the form's own day names), and the whole pattern still reads", function()
    assert.matches("is a lundi", s:send("jour mardi 30 novembre 2026"), 1, true)
    assert.is_nil(s:value("jour"))
    s:send("virgule lun., 30 nov. 2026")
    s:send("virgule lun, 30 nov 2026")
    assert.equals("2026-11-30", s:value("virgule"))
  end)

  it("a date missing another part is still refused", function()
    s:send("jour lundi 30 novembre")
    assert.is_nil(s:value("jour"))
  end)
end)
