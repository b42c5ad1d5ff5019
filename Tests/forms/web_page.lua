-- A form whose page a spec checks (formrun.open(path, { web = true })).
form.title = "Sign <b>up</b>"
local s = form:section{ header = "Account" }
s:text{ name = "email", title = "Email", validators = { "presence", "email" } }
s:text{ name = "pw", title = "Password", secure = true }
s:radio{ name = "plan", title = "Plan", options = { "Free", "<i>Pro</i>" } }
