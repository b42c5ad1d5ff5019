---@meta formrun
-- lua-language-server definitions for formrun form scripts and form tests.
-- Not run: point the language server at this folder (`workspace.library` in
-- .luarc.json; see the README). The reference is Docs/reference.md.

------------------------------------------------------------------------
-- Values and handlers
------------------------------------------------------------------------

---@alias formrun.Accessory
---| "none"       # no mark (the default)
---| "disclosure" # a row that leads somewhere
---| "checkmark"  # a chosen row
---| "info"       # a row with more to read
---| "detail"     # a detail button: the `detail N` command runs on_accessory

---A validator string: a name, or a name and arguments. Either bound of
---`length`, `range` and `count` may be left empty: `"length(, 10)"`.
---@alias formrun.Validator
---| "presence"             # not nil, not blank, not an empty list: "Field can't be blank."
---| "length(min, max)"     # characters: "Field is too short (minimum is 8 characters)."
---| "email"                # "Field is not a valid email."
---| "url"                  # "Field is not a valid url."
---| "range(min, max)"      # a number: "Field is too small (minimum is 1)."
---| "pattern(lua-pattern)" # contains a match: "Field is not in the expected format."
---| "count(min, max)"      # chosen options: "Field has too few choices (minimum is 1)."
---| "luhn"                 # a card number's check digit: "Field is not a valid card number."
---| string                 # a name registered with form:validator(name, fn)

---@alias formrun.SelectHandler fun(item: formrun.Item)
---@alias formrun.PageHandler fun(form: formrun.Form, from: integer, to: integer)
---@alias formrun.ChangeHandler fun(item: formrun.Item, old: any)
---Returning false or a string refuses (the string is shown).
---@alias formrun.VetoHandler fun(item: formrun.Item): (boolean|string|nil)
---@alias formrun.MoveHandler fun(item: formrun.Item, from: integer, to: integer): (boolean|string|nil)
---@alias formrun.InsertHandler fun(section: formrun.Section, index: integer): (boolean|string|nil)
---@class formrun.RowAction
---@field title string shown by `do N`, typed as `do N TITLE`
---@field run formrun.SelectHandler
---Returns nil when the value is good, else a message or a list of messages.
---@alias formrun.ValidateHandler fun(item: formrun.Item): (string|string[]|nil)
---@alias formrun.UpdateHandler fun(section: formrun.Section)
---Returning false or a string refuses the submit (the string is shown).
---@alias formrun.SubmitHandler fun(values: table<string, any>): (false|string|nil)
---@alias formrun.CancelHandler fun()
---@alias formrun.ValidatorFunction fun(value: any, item: formrun.Item, ...: any): (string|string[]|nil)

---@class formrun.Style
---@field border? "rounded"|"single"|"ascii"|"none" frame of sections (default "rounded")
---@field width? integer width in cells, 20 to 1000
---@field color? "auto"|"always"|"never" colour (default "auto")
---@field wrap? boolean long titles, values and headers wrap onto more lines (default true); false cuts them with …

---A row's own look (item.style): never the only carrier of meaning.
---@class formrun.RowStyle
---@field color? "black"|"red"|"green"|"yellow"|"blue"|"magenta"|"cyan"|"white"|"gray"|"bright_red"|"bright_green"|"bright_yellow"|"bright_blue"|"bright_magenta"|"bright_cyan"|"bright_white" the title's and value's colour (dropped without colour)
---@field bold? boolean bold title and value
---@field dim? boolean dim title and value
---@field italic? boolean italic title and value
---@field underline? boolean underlined title and value
---@field reverse? boolean title and value in reverse video
---@field align? "left"|"center"|"right" the value in its column (default "left")

---A built-in theme's name.
---@alias formrun.ThemeName "default"|"high-contrast"|"monochrome"|"light"

---A theme as a table: roles over a built-in theme (form.theme); a role's style is a row style without align.
---@class formrun.Theme
---@field base? formrun.ThemeName the theme the roles change (default "default")
---@field title? formrun.RowStyle the form's title
---@field header? formrun.RowStyle a section's header
---@field border? formrun.RowStyle a box's lines
---@field number? formrun.RowStyle a row's number and accessory mark
---@field label? formrun.RowStyle a row's title
---@field value? formrun.RowStyle a row's value
---@field placeholder? formrun.RowStyle what an empty row shows
---@field hint? formrun.RowStyle help: descriptions, footers, what to type, the keys
---@field error? formrun.RowStyle an error
---@field focus? formrun.RowStyle the focused row (the screen mode)
---@field selected? formrun.RowStyle a chosen option in a list (the screen mode)
---@field disabled? formrun.RowStyle a row that cannot be edited

---The language formrun speaks, and month and day names of date rows (form.locale).
---Assign a shipped language's name ("en", "de") or this table.
---@class formrun.Locale
---@field language? "en"|"de" the catalogue of phrases (default "en")
---@field months? string[] twelve names, January first
---@field days? string[] seven names, Sunday first

---A phrase in form.messages: a string, or a form for one and one for any other count.
---@class formrun.Phrase
---@field one? string said when {count} is 1
---@field other string said otherwise

------------------------------------------------------------------------
-- Form
------------------------------------------------------------------------

---The form being built: the global `form` of a form script.
---@class formrun.Form
---@field title string? shown above the first section
---@field sections formrun.Section[] the sections in order; assign a list of the form's sections to reorder (those left out are removed)
---@field values table<string, any> (read-only) `{ name = value }` of every shown named item
---@field errors string[] (read-only) the first message of each shown item with errors
---@field valid boolean (read-only) true when no shown item has an error
---@field style formrun.Style the drawing style (reading gives a copy)
---@field theme formrun.ThemeName|formrun.Theme|nil the form's theme; --theme and FORMRUN_THEME win over it
---@field on_submit formrun.SubmitHandler? the submit handler (nil while none is set); form:on_submit(fn) sets it too
---@field on_cancel formrun.CancelHandler? the cancel handler (nil while none is set); form:on_cancel(fn) sets it too
---@field on_change formrun.ChangeHandler? after any row's own on_change
---@field on_select formrun.SelectHandler? after any row's own on_select
---@field on_moved fun(item: formrun.Item, from: integer, to: integer)? after any row's own on_moved (the user moved a row)
---@field messages table<string, string|formrun.Phrase> validator name → message (`%s` = the row's error label or title), or a catalogue key (`submit.cannot`, Docs/reference.md#messages) → its phrase with the key's {placeholders}
---@field locale "en"|"de"|formrun.Locale the language formrun speaks ("de"), and month and day names of date rows
---@field pages boolean every section is a page: the guided walk and the screen show one page at a time, then a summary
---@field on_page formrun.PageHandler? the walk or the screen went from page `from` to page `to` (numbers from 1; 0 is the summary)
local Form = {}

---Append a section made from props or a header string, or put back one taken out.
---@param props? formrun.SectionProps|string|formrun.Section
---@return formrun.Section
function Form:section(props) end

---Insert a section at 1-based `index` (1 to count + 1): new, or one taken out of the form.
---@param index integer
---@param props? formrun.SectionProps|string|formrun.Section
---@return formrun.Section
function Form:insert_section(index, props) end

---Put a section (new, or one taken out) in place of the one at `index`, which is taken out.
---@param index integer
---@param props formrun.SectionProps|string|formrun.Section
---@return formrun.Section
function Form:replace_section(index, props) end

---Swap the sections at 1-based `i` and `j`.
---@param i integer
---@param j integer
function Form:exchange_sections(i, j) end

---Order the sections by `less(a, b)` (true when `a` goes first), stably.
---@param less fun(a: formrun.Section, b: formrun.Section): boolean
function Form:sort_sections(less) end

---Remove a section, given itself or its tag.
---@param section formrun.Section|string
function Form:remove_section(section) end

---The item with that name, or nil.
---@param name string
---@return formrun.Item?
function Form:find(name) end

---The section with that tag, or nil.
---@param tag string
---@return formrun.Section?
function Form:find_section(tag) end

---Build the rows of the JSON Schema at `path` into the form (it then submits
---the schema's document, nested as the schema says).
---@param path string
---@param options? { lenient: boolean? }
---@return formrun.Form
function Form:from_schema(path, options) end

---Set several values by name, as a script assigns them (no on_change).
---@param values table<string, any>
function Form:set_values(values) end

---Register a validator usable as "name" or "name(args)".
---@param name string
---@param fn formrun.ValidatorFunction
function Form:validator(name, fn) end

---Register a custom kind: then `section:NAME{...}` makes one.
---@param name string
---@param spec formrun.KindSpec
function Form:kind(name, spec) end

---Register a header kind: a section whose `header_kind` is `name` shows
---the lines `draw(section, width)` returns under its header.
---@param name string
---@param spec formrun.BandKindSpec
function Form:header_kind(name, spec) end

---Register a footer kind: a section whose `footer_kind` is `name` shows
---the lines `draw(section, width)` returns under its footer.
---@param name string
---@param spec formrun.BandKindSpec
function Form:footer_kind(name, spec) end

---`fn(values)` runs on a submit with no errors; false or a string refuses it.
---Replaces a handler set before; nil clears it.
---@param fn formrun.SubmitHandler?
function Form:on_submit(fn) end

---`fn()` runs when the user cancels.
---@param fn formrun.CancelHandler
function Form:on_cancel(fn) end

---Call every section's on_update, then redraw.
function Form:reload() end

---Remove every section.
function Form:clear() end

---Move the section at 1-based `from` to `to`.
---@param from integer
---@param to integer
function Form:move_section(from, to) end

---`fn(item, old)` runs after any row's own on_change.
---@param fn formrun.ChangeHandler
function Form:on_change(fn) end

---`fn(item)` runs after any row's own on_select.
---@param fn formrun.SelectHandler
function Form:on_select(fn) end

-- form:KIND{…}: a row without a section, in the form's last section (one with
-- no header is made while the form has none).

---An action or navigation row (no value).
---@param props? formrun.props.item|string
---@return formrun.item.item
function Form:item(props) end

---One line of text.
---@param props? formrun.props.text|string
---@return formrun.item.text
function Form:text(props) end

---Several lines of text.
---@param props? formrun.props.longtext|string
---@return formrun.item.longtext
function Form:longtext(props) end

---An integer or a decimal.
---@param props? formrun.props.number|string
---@return formrun.item.number
function Form:number(props) end

---Digits typed into a format such as "(XXX) XXX-XXXX".
---@param props? formrun.props.masked|string
---@return formrun.item.masked
function Form:masked(props) end

---A slider: a number in min…max.
---@param props? formrun.props.float|string
---@return formrun.item.float
function Form:float(props) end

---A switch.
---@param props? formrun.props.bool|string
---@return formrun.item.bool
function Form:bool(props) end

---A date, a time or both, as ISO-8601.
---@param props? formrun.props.date|string
---@return formrun.item.date
function Form:date(props) end

---One of the options.
---@param props? formrun.props.radio|string
---@return formrun.item.radio
function Form:radio(props) end

---One of the options, drawn side by side.
---@param props? formrun.props.segmented|string
---@return formrun.item.segmented
function Form:segmented(props) end

---Several of the options.
---@param props? formrun.props.multiple|string
---@return formrun.item.multiple
function Form:multiple(props) end

---One choice per component.
---@param props? formrun.props.picker|string
---@return formrun.item.picker
function Form:picker(props) end

---A card number, expiry and security code.
---@param props? formrun.props.creditcard|string
---@return formrun.item.creditcard
function Form:creditcard(props) end

---A path to a file or a folder; Tab completes it.
---@param props? formrun.props.file|string
---@return formrun.item.file
function Form:file(props) end

---@class formrun.BandKindSpec
---@field draw fun(section: formrun.Section, width: integer): string|string[] the lines (a string's newlines part it), each at most `width` cells
---@field speak? fun(section: formrun.Section): string what the accessible voice says (default: the drawn lines with words)

---@class formrun.KindSpec
---@field parse? fun(text: string, item: formrun.Item): any, string? the value, or nil and a message
---@field format? fun(value: any, item: formrun.Item): string what the row shows (run again when the value, an option or item.data changes, and on form:reload())
---@field hint? string what the editor asks for ("minutes, like 90"); default "one line of text"
---@field options? table<string, "string"|"number"|"integer"|"boolean"|"string[]"|"any"> the kind's own options, read as item.NAME
---@field speak? fun(value: any, item: formrun.Item): string how the value reads aloud

------------------------------------------------------------------------
-- Section
------------------------------------------------------------------------

---@class formrun.SectionProps
---@field header? string the title above the rows
---@field footer? string a note below the rows
---@field tag? string a name for form:find_section
---@field hidden? boolean hide the section and its items (default false)
---@field page? boolean the section starts a page (it and the sections after it up to the next that starts one); default false
---@field empty_text? string shown when no item is visible
---@field on_update? formrun.UpdateHandler called by form:reload()
---@field style? formrun.Style overrides form.style
---@field data? any kept with the section; never drawn or submitted
---@field on_insert? formrun.InsertHandler the user's `insert`: add a row at index
---@field header_kind? string a header kind's name (form:header_kind): its drawn lines show under the header
---@field header_data? any what the header kind draws from; assigning it draws again
---@field footer_kind? string a footer kind's name (form:footer_kind): its drawn lines show under the footer
---@field footer_data? any what the footer kind draws from; assigning it draws again

---@class formrun.Section
---@field header string?
---@field footer string?
---@field tag string?
---@field hidden boolean
---@field page boolean the section starts a page
---@field empty_text string?
---@field on_update formrun.UpdateHandler?
---@field style formrun.Style?
---@field items formrun.Item[] (read-only) the items in order
---@field errors string[] (read-only) the first message of each shown item with errors
---@field index integer? (read-only) the 1-based place in the form
---@field data any kept with the section; never drawn or submitted
---@field on_insert formrun.InsertHandler?
---@field header_kind string? a header kind's name (form:header_kind); nil: the plain header only
---@field header_data any what the header kind draws from; assigning it draws again
---@field footer_kind string? a footer kind's name (form:footer_kind); nil: the plain footer only
---@field footer_data any what the footer kind draws from; assigning it draws again
local Section = {}

---Append a plain row showing `title`.
---@param title string
---@return formrun.item.item
function Section:add(title) end

---Make an item of `kind` and insert it at 1-based `index`.
---@param index integer
---@param kind string
---@param props? formrun.ItemProps|string
---@return formrun.Item
function Section:insert(index, kind, props) end

---Remove an item, given itself, its 1-based index or its name.
---@param item formrun.Item|integer|string
function Section:remove(item) end

---Move the item at 1-based `from` to `to`.
---@param from integer
---@param to integer
function Section:move(from, to) end

---Remove every item.
function Section:clear() end

---Replace every property (the others back to their defaults); the rows stay.
---@param props formrun.SectionProps|string
---@return formrun.Section
function Section:remake(props) end

---An action or navigation row (no value).
---@param props? formrun.props.item|string
---@return formrun.item.item
function Section:item(props) end

---One line of text.
---@param props? formrun.props.text|string
---@return formrun.item.text
function Section:text(props) end

---Several lines of text.
---@param props? formrun.props.longtext|string
---@return formrun.item.longtext
function Section:longtext(props) end

---An integer or a decimal.
---@param props? formrun.props.number|string
---@return formrun.item.number
function Section:number(props) end

---Digits typed into a format such as "(XXX) XXX-XXXX".
---@param props? formrun.props.masked|string
---@return formrun.item.masked
function Section:masked(props) end

---A slider: a number in min…max.
---@param props? formrun.props.float|string
---@return formrun.item.float
function Section:float(props) end

---A switch.
---@param props? formrun.props.bool|string
---@return formrun.item.bool
function Section:bool(props) end

---A date, a time or both, as ISO-8601.
---@param props? formrun.props.date|string
---@return formrun.item.date
function Section:date(props) end

---One of the options.
---@param props? formrun.props.radio|string
---@return formrun.item.radio
function Section:radio(props) end

---One of the options, drawn side by side.
---@param props? formrun.props.segmented|string
---@return formrun.item.segmented
function Section:segmented(props) end

---Several of the options.
---@param props? formrun.props.multiple|string
---@return formrun.item.multiple
function Section:multiple(props) end

---One choice per component.
---@param props? formrun.props.picker|string
---@return formrun.item.picker
function Section:picker(props) end

---A card number, expiry and security code.
---@param props? formrun.props.creditcard|string
---@return formrun.item.creditcard
function Section:creditcard(props) end

---A path to a file or a folder; Tab completes it.
---@param props? formrun.props.file|string
---@return formrun.item.file
function Section:file(props) end

------------------------------------------------------------------------
-- Item
------------------------------------------------------------------------

---The props every kind takes when it is made (`section:text{...}`).
---@class formrun.ItemProps
---@field name? string the key in the values; unique in the form
---@field title? string the label of the row
---@field value? any the starting value (read by the kind)
---@field detail? string shown as the value of a row that holds none (an action row)
---@field placeholder? string shown while the value is empty
---@field description? string help text, shown under the row and read after it
---@field required? boolean true adds the "presence" validator; marked in every mode
---@field accessory? formrun.Accessory
---@field style? formrun.RowStyle the row's own colour, bold, dim and alignment
---@field enabled? boolean default true
---@field hidden? boolean default false
---@field validators? formrun.Validator[]|formrun.Validator
---@field validate? formrun.ValidateHandler
---@field on_select? formrun.SelectHandler
---@field on_change? formrun.ChangeHandler
---@field on_will_select? formrun.VetoHandler false or a message stops the selection
---@field on_begin_edit? fun(item: formrun.Item) an editor opened on the row (the prompt, the screen mode's editor)
---@field on_end_edit? fun(item: formrun.Item, changed: boolean) the row's editor was left (an answer, Esc, an empty answer)
---@field on_deselect? fun(item: formrun.Item, value: any) a choice row's option the user's change dropped, once each
---@field open_empty? boolean the editor opens empty instead of holding the value
---@field data? any kept with the row; never drawn or submitted
---@field actions? formrun.RowAction[] run by `do N TITLE`
---@field deletable? boolean the user may `delete N` it (default false)
---@field on_delete? formrun.VetoHandler false or a message refuses the delete
---@field movable? boolean the user may `move N M` it (default false)
---@field on_move? formrun.MoveHandler false or a message refuses the move
---@field on_moved? fun(item: formrun.Item, from: integer, to: integer) after the user's move (`to` is its number now)
---@field on_accessory? formrun.SelectHandler run by `detail N` (accessory "detail")
---@field messages? table<string, string> validator name → this row's message (`%s` = its error label)
---@field error_label? string how messages name the row when not by its title

---A row of the form.
---@class formrun.Item
---@field name string?
---@field title string
---@field value any
---@field detail string?
---@field placeholder string?
---@field description string? help text
---@field required boolean true when the row has "presence"
---@field accessory formrun.Accessory
---@field style formrun.RowStyle?
---@field enabled boolean
---@field hidden boolean
---@field validators string[]
---@field validate formrun.ValidateHandler?
---@field on_select formrun.SelectHandler?
---@field on_change formrun.ChangeHandler?
---@field kind string (read-only) the kind's name
---@field section formrun.Section? (read-only) the section holding it
---@field index integer? (read-only) the 1-based place in its section
---@field row integer? (read-only) the row number shown; nil when hidden
---@field errors string[] (read-only) its current messages
---@field valid boolean (read-only) true when it has no errors
---@field on_will_select formrun.VetoHandler?
---@field on_begin_edit fun(item: formrun.Item)?
---@field on_end_edit fun(item: formrun.Item, changed: boolean)?
---@field on_deselect fun(item: formrun.Item, value: any)?
---@field open_empty boolean
---@field data any
---@field actions formrun.RowAction[]
---@field deletable boolean
---@field on_delete formrun.VetoHandler?
---@field movable boolean
---@field on_move formrun.MoveHandler?
---@field on_moved fun(item: formrun.Item, from: integer, to: integer)?
---@field on_accessory formrun.SelectHandler?
---@field messages table<string, string>
---@field error_label string?
local Item = {}

---Set several properties at once.
---@param props formrun.ItemProps
---@return formrun.Item
function Item:set(props) end

---Remove it from its section.
function Item:remove() end

---Replace every property (the others back to their defaults), keeping its place and kind;
---`kind = "…"` makes it another kind, keeping the value that kind reads from its text.
---@param props formrun.ItemProps|{ kind: string? }
---@return formrun.Item
function Item:remake(props) end

---As if the user activated it: on_will_select (which may stop it), on_select, then the kind's action.
---@return boolean selected false when disabled or stopped by on_will_select
---@return string? message on_will_select's message
function Item:select() end

------------------------------------------------------------------------
-- Kinds: the props each takes, and its items
------------------------------------------------------------------------

---@class formrun.props.item: formrun.ItemProps
---@class formrun.item.item: formrun.Item

---@class formrun.props.text: formrun.ItemProps
---@field value? string
---@field secure? boolean drawn as dots (default false)
---@field max_length? integer at most this many characters
---@field capitalize? "none"|"words"|"sentences"|"all" capitalise the text as it is set (default "none")
---@field suggestions? string[]|fun(text: string, item: formrun.Item): string[]? completions offered as the text is typed
---@class formrun.item.text: formrun.Item
---@field value string?
---@field secure boolean
---@field max_length integer?
---@field capitalize "none"|"words"|"sentences"|"all"
---@field suggestions string[]|fun(text: string, item: formrun.Item): string[]?|nil

---@class formrun.props.longtext: formrun.ItemProps
---@field value? string
---@field max_length? integer at most this many characters
---@class formrun.item.longtext: formrun.Item
---@field value string?
---@field max_length integer?

---@class formrun.props.number: formrun.ItemProps
---@field value? number
---@field min? number the smallest value accepted
---@field max? number the largest value accepted
---@field decimals? integer digits after the point, 0 to 15 (0: whole numbers)
---@class formrun.item.number: formrun.Item
---@field value number?
---@field min number?
---@field max number?
---@field decimals integer?

---@class formrun.props.masked: formrun.ItemProps
---@field value? string the digits
---@field format? string where the digits go, X = a digit: "(XXX) XXX-XXXX"
---@class formrun.item.masked: formrun.Item
---@field value string?
---@field format string?

---@class formrun.props.float: formrun.ItemProps
---@field value? number
---@field min? number the low end (default 0)
---@field max? number the high end (default 1)
---@field step? number values snap to min + k * step
---@class formrun.item.float: formrun.Item
---@field value number?
---@field min number
---@field max number
---@field step number?

---@class formrun.props.bool: formrun.ItemProps
---@field value? boolean
---@field unset? boolean may be neither on nor off: starts empty, and clear empties it (default false)
---@class formrun.item.bool: formrun.Item
---@field value boolean?
---@field unset boolean

---@class formrun.props.date: formrun.ItemProps
---@field value? string ISO-8601: "2026-11-30", "14:05" or "2026-11-30T14:05"
---@field mode? "date"|"time"|"datetime" default "date"
---@field format? string display pattern such as "MM/dd/yyyy hh:mm a"
---@field min? string ISO-8601, the earliest value
---@field max? string ISO-8601, the latest value
---@field minute_step? integer round times to this many minutes (a divisor of 60)
---@class formrun.item.date: formrun.Item
---@field value string?
---@field mode "date"|"time"|"datetime"
---@field format string?
---@field min string?
---@field max string?
---@field minute_step integer?

---An option: its label (also its value), or a label with its own value,
---`{ "United States", value = "US" }` or `{ label = "United States", value = "US" }`.
---@alias formrun.Option string|{ [1]: string?, label: string?, value: string|number }

---@class formrun.props.radio: formrun.ItemProps
---@field value? string|number the chosen option's value
---@field options? formrun.Option[] the choices
---@class formrun.item.radio: formrun.Item
---@field value string|number|nil
---@field options formrun.Option[]

---@class formrun.props.segmented: formrun.ItemProps
---@field value? string|number the chosen option's value
---@field options? formrun.Option[] the choices
---@class formrun.item.segmented: formrun.Item
---@field value string|number|nil
---@field options formrun.Option[]

---@class formrun.props.multiple: formrun.ItemProps
---@field value? (string|number)[]|string the chosen options' values
---@field options? formrun.Option[] the choices
---@class formrun.item.multiple: formrun.Item
---@field value (string|number)[]
---@field options formrun.Option[]

---@class formrun.props.picker: formrun.ItemProps
---@field value? (string|number)[] one chosen value per component
---@field options? formrun.Option[][] the choices of each component
---@class formrun.item.picker: formrun.Item
---@field value (string|number)[]?
---@field options formrun.Option[][]

---@class formrun.props.file: formrun.ItemProps
---@field value? string a path
---@field must_exist? boolean the path must name something that exists
---@field dirs_only? boolean the path must be a folder
---@field extensions? string[] a file's name must end in one of these ("csv")
---@field base? string the folder relative paths are read from
---@class formrun.item.file: formrun.Item
---@field value string?
---@field must_exist boolean
---@field dirs_only boolean
---@field extensions string[]
---@field base string?

---@class formrun.Card
---@field number string the digits
---@field expiry string "MM/YY"
---@field cvv string

---@class formrun.props.creditcard: formrun.ItemProps
---@field value? formrun.Card|string
---@class formrun.item.creditcard: formrun.Item
---@field value formrun.Card?

------------------------------------------------------------------------
-- Globals
------------------------------------------------------------------------

---The form the script builds.
---@type formrun.Form
form = {}

------------------------------------------------------------------------
-- Tests (formrun test): busted's describe/it/before_each/after_each and
-- luassert's assert come from the language server's own busted and
-- luassert definitions; formrun adds these.
------------------------------------------------------------------------

---@class formrun.OpenOptions
---@field width? integer 20 to 1000 (default 72)
---@field height? integer rows of the notional screen
---@field sandbox? boolean the form gets the sandbox's library (no io, os but time/date/clock/getenv, no require)
---@field screen? boolean the screen mode's screen on the form, driven by `press` (60 by 20 unless width/height say)
---@field web? boolean the page `formrun serve` draws for the form, read by `page`

---A headless session on a form, driven by line commands.
---@class formrun.Session
---@field output string what the form's print wrote since last read
---@field form formrun.Form the live form
---@field ending? string with screen = true: "submitted", "cancelled", "interrupted" or "input ended" once the screen ended
local Session = {}

---Send one line command; returns the output it caused.
---@param line string
---@return string
function Session:send(line) end

---With screen = true: press keys on the screen, in order: key names
---("down", "enter", "space", "shift-tab", "ctrl-s", "alt-b"…) or text typed as it is.
---@param ... string
function Session:press(...) end

---The whole form drawn with no colour (with screen = true, what the terminal shows in the screen mode).
---@return string
function Session:screen() end

---With web = true: the HTML a browser gets for the form now, as `formrun serve` draws it.
---@return string
function Session:page() end

---The value of the item called `name`.
---@param name string
---@return any
function Session:value(name) end

---The form's values.
---@return table<string, any>
function Session:values() end

---The item's messages, or the form's.
---@param name? string
---@return string[]
function Session:errors(name) end

---Submit: true when accepted, else false and the refusal's text.
---@return boolean accepted
---@return string? refusal
function Session:submit() end

---How `formrun.confirm` is answered from now on: always `answer`, or what the function says of each question.
---@param answer boolean|fun(question: string): boolean
function Session:confirms(answer) end

---@class formrun.Testing
formrun = {}

---Open the form at `path` (the working folder, then beside the test file).
---@param path string
---@param options? formrun.OpenOptions
---@return formrun.Session
function formrun.open(path, options) end

---In a form script: ask the person filling the form a yes/no question
---(`Delete 'Buy milk'? [y/N]`); true for y or yes. Through a pipe the next
---line answers; with no one to ask (`--submit`) the answer is no. In tests
---`session:confirms` answers.
---@param question string
---@return boolean
function formrun.confirm(question) end

---@class luassert
---Compare `text` with `__snapshots__/NAME.txt` beside the test file.
---@field snapshot fun(text: string, name: string)

---The same as describe.
---@param name string
---@param fn fun()
function context(name, fn) end

---The same as it.
---@param name string
---@param fn fun()
function test(name, fn) end
