-- huh's NewOption(key, value) / dialog's tag and item: a person sees and
-- types an option's label (or its number); the row's value, --set, answers,
-- drafts and the JSON hold the option's value.
describe("huh options: labels apart from values", function()
  local s
  before_each(function() s = formrun.open("huh_options.lua") end)

  it("the form shows labels, the values hold values", function()
    local screen = s:screen()
    assert.matches("Country", screen, 1, true)
    assert.matches("[Standard] | Express", screen, 1, true)
    s:send("country United States")
    s:send("langs 1, French")
    s:send("box Large, Plastic")
    assert.matches("United States", s:screen(), 1, true)
    assert.matches("English, French", s:screen(), 1, true)
    assert.matches("Large, Plastic", s:screen(), 1, true)
    assert.is_not.matches("%f[%w]US%f[%W]", s:screen())
    assert.same({ country = "US", speed = 1, langs = { "en", "fr" }, box = { "l", "pl" } }, s:values())
  end)

  it("a plain option's value is its label", function()
    s:send("country Can")
    assert.equals("Canada", s:value("country"))
    s:send("langs Other")
    assert.same({ "Other" }, s:value("langs"))
    s:send("box 1, Paper")
    assert.same({ "s", "Paper" }, s:value("box"))
  end)

  it("a value may be typed too (as --set and answers give it), a number stays the option's number", function()
    s:send("country MX")
    assert.equals("MX", s:value("country"))
    s:send("speed 2")
    assert.equals(2, s:value("speed"))
    s:send("speed 1")
    assert.equals(1, s:value("speed"))
    s:send("langs fr,en")
    assert.same({ "en", "fr" }, s:value("langs"))
  end)

  it("a script assigns values; one among neither values nor labels is refused naming both", function()
    local country = s.form:find("country")
    country.value = "MX"
    assert.equals("MX", country.value)
    assert.matches("Mexico", s:screen(), 1, true)
    local ok, err = pcall(function() country.value = "XX" end)
    assert.is_false(ok)
    assert.matches("no option 'XX' (options: United States (US), Canada, Mexico (MX))", err, 1, true)
    s.form:find("langs").value = { "fr", "Other" }
    assert.same({ "fr", "Other" }, s:value("langs"))
    s.form:find("box").value = { "l", "pl" }
    assert.same({ "l", "pl" }, s:value("box"))
  end)

  it("a typed label that is no option is refused with the labels and values", function()
    local out = s:send("country Narnia")
    assert.matches("Country has no option 'Narnia' (options: United States (US), Canada, Mexico (MX))", out, 1, true)
    assert.is_nil(s:value("country"))
  end)

  it("options read back with their values; a plain one as its label", function()
    local o = s.form:find("country").options
    assert.same({ { label = "United States", value = "US" }, "Canada", { label = "Mexico", value = "MX" } }, o)
    local parts = s.form:find("box").options
    assert.same({ label = "Plastic", value = "pl" }, parts[2][2])
    s.form:find("country").options = o
    assert.same(o, s.form:find("country").options)
  end)

  it("show N lists the labels and the row shows the chosen label", function()
    s:send("country 1")
    local out = s:send("show country")
    assert.matches("1 United States, 2 Canada, 3 Mexico", out, 1, true)
    assert.matches("value%s+United States", out)
  end)

  it("a value no longer among the options is an error, as a label is", function()
    s:send("country 3")
    s.form:find("country").options = { { "United States", value = "US" }, "Canada" }
    assert.same({ "Country is not one of the options." }, s:errors("country"))
  end)

  it("bad option tables are load errors naming the entry", function()
    local country = s.form:find("country")
    local function set(o) return select(2, pcall(function() country.options = o end)) end
    assert.matches("'options' has the value 'US' twice", set({ { "A", value = "US" }, { "B", value = "US" } }), 1, true)
    assert.matches("'options[1]' needs a label", set({ { value = "US" } }), 1, true)
    assert.matches("'options[1]' takes a label and a value", set({ { "A", valu = "US" } }), 1, true)
    assert.matches("takes a string or a number as its value", set({ { "A", value = {} } }), 1, true)
  end)
end)
