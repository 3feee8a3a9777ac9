-- Neovim (0.11, headless) opening the book inside a .gobk package as
-- docs/editors.md says: zip.vim (shipped with Neovim) told that .gobk is a
-- zip archive lists the package; ENTER on the book opens it as the buffer
-- `zipfile:///…/book.gobk::book.gobook`, which `kifu lsp` checks.
-- Usage: nvim --headless --clean -l neovim_gobk.lua KIFU PACKAGE OUT.json
local kifu, package, out = arg[1], arg[2], arg[3]
local result = {}
local util = dofile(vim.fs.joinpath(vim.fs.dirname(arg[0]), "nvim_util.lua"))

-- In an init.lua, setting vim.g.zipPlugin_ext is enough (it runs before
-- the plugins); `-l` runs after them, so the plugin is loaded again.
vim.g.zipPlugin_ext = "*.zip,*.gobk"
vim.g.loaded_zipPlugin = nil
vim.cmd.runtime("plugin/zipPlugin.vim")
vim.filetype.add({ extension = { gobook = "gobook" } })
vim.lsp.config("kifu", { cmd = { kifu, "lsp" }, filetypes = { "gobook" }, root_markers = { ".git" } })
vim.lsp.enable("kifu")

vim.cmd.edit(package)
result.listing = vim.api.nvim_buf_get_lines(0, 0, -1, false)
for i, line in ipairs(result.listing) do
  if line == "book.gobook" then vim.api.nvim_win_set_cursor(0, { i, 0 }) end
end
vim.cmd('exe "normal \\<CR>"')
local buf = vim.api.nvim_get_current_buf()
result.name = vim.api.nvim_buf_get_name(buf)
result.filetype = vim.bo[buf].filetype
result.waited, result.diagnostics = util.diagnostics(buf)

local function find(needle) return util.find(buf, needle) end
local function request(method, line, col, extra) return util.request(buf, method, line, col, extra) end

local line = find("::dia(#dia2)")
local hover = request("textDocument/hover", line, 2)
result.hover = hover.result and hover.result.contents.value or ""
local symbols = request("textDocument/documentSymbol")
result.symbols = {}
for _, s in ipairs(symbols.result or {}) do table.insert(result.symbols, s.name) end

-- Read-only: formatting is refused, no quick fix is offered.
local formatting = request("textDocument/formatting", nil, nil, { options = { tabSize = 4, insertSpaces = true } })
result.formatting_error = formatting.err and formatting.err.message or ""
local d = vim.diagnostic.get(buf)[1]
local actions = request("textDocument/codeAction", nil, nil, {
  range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
  context = { diagnostics = { d.user_data and d.user_data.lsp or {} } },
})
result.actions = actions.result and #actions.result or -1

-- The include leads to the included entry, which zip.vim opens.
local iline, icol = find("part.gobook")
local definition = request("textDocument/definition", iline, icol + 1)
local target = definition.result
target = target and (target.uri or (target[1] and target[1].uri)) or ""
result.definition = target
if target ~= "" then
  vim.cmd.edit(target)
  result.included = vim.api.nvim_buf_get_lines(0, 0, -1, false)
end

local f = assert(io.open(out, "w"))
f:write(vim.json.encode(result))
f:close()
vim.cmd("qall!")
