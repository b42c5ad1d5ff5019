-- A fixture for busted_spec.lua: the switch's on_change tells a mailer module
-- (required, so a test can hand in its own and spy on it).
local mailer = require("newsletter.mailer")
form.title = "Newsletter"
local s = form:section{ header = "Newsletter" }
s:text{ name = "email", title = "Email", validators = { "presence", "email" } }
s:bool{ name = "subscribed", title = "Subscribe", value = false, on_change = function(item)
  if not mailer.subscription(form:find("email").value, item.value) then
    print("the mailer refused; try again later")
  end
end }
