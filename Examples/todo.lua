-- A to-do list the user edits with row commands: `insert` adds a task,
-- `do N Done` and `do N Important` are row actions, `delete N` removes a done
-- task (on_delete refuses the others), `move N M` re-orders the list, and a
-- form-wide on_change keeps the footer's count right whatever row changed.
form.title = "To-do"

local add_task  -- defined below; on_insert calls it

local tasks = form:section{
  header = "Tasks", tag = "tasks", empty_text = "Nothing to do: type insert to add a task",
  on_insert = function(section, index)
    if #section.items >= 20 then return "Twenty tasks are enough for one list." end
    add_task(index)
  end,
}

local function summary()
  local open, done = 0, 0
  for _, item in ipairs(tasks.items) do
    if item.data.done then done = done + 1 else open = open + 1 end
  end
  tasks.footer = ("%d open, %d done · insert, do N Done, delete N, move N M"):format(open, done)
end

local function mark(item)
  item.title = (item.data.important and "! " or "") .. (item.data.done and "Done" or "Task")
  item.accessory = item.data.done and "checkmark" or "none"
  summary()
end

local count = 0
add_task = function(index, text)
  count = count + 1
  tasks:insert(index or #tasks.items + 1, "text", {
    name = "task" .. count, title = "Task", value = text, validators = { "presence" },
    data = { done = false, important = false },
    deletable = true, movable = true,
    actions = {
      { title = "Done", run = function(item) item.data.done = not item.data.done; mark(item) end },
      { title = "Important", run = function(item) item.data.important = not item.data.important; mark(item) end },
    },
    on_delete = function(item)
      if not item.data.done then return ("'%s' is not done: do %d Done first."):format(item.value or "Task", item.row) end
      -- removed here, so the count below sees the list without it
      item:remove()
      summary()
    end,
    on_move = function(item, from, to)
      -- the tasks are rows 1 to #tasks.items (the section comes first)
      if to > #tasks.items then return "Tasks stay in the list." end
      if item.data.important and to > from then return "Important tasks stay where they are or go up." end
    end,
  })
  summary()
end

add_task(nil, "Buy milk")
add_task(nil, "Call the plumber")

-- a section of its own at the end, with no header
form:section{}:text{ name = "owner", title = "List of", placeholder = "your name" }

-- every change the user makes to any row: a cleared task is not done any more
form:on_change(function(item, old)
  if item.data and item.data.done and item.value == nil then
    item.data.done = false
    mark(item)
  end
  summary()
end)

form:on_submit(function(values)
  local list = {}
  for _, item in ipairs(tasks.items) do
    list[#list + 1] = (item.data.done and "[x] " or "[ ] ") .. (item.value or "")
  end
  print(table.concat(list, "\n"))
end)
