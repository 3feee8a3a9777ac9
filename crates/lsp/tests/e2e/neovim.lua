-- Neovim (0.11, headless) as an author's editor: `kifu lsp` set up with
-- vim.lsp.config as docs/editors.md says, a book opened, and what the
-- editor shows written as JSON for test_neovim.py to check.
-- Usage: nvim --headless --clean -l neovim.lua KIFU BOOK OUT.json
local kifu, book, out = arg[1], arg[2], arg[3]
local result = {}
local util = dofile(vim.fs.joinpath(vim.fs.dirname(arg[0]), "nvim_util.lua"))

vim.filetype.add({ extension = { gobook = "gobook" } })
vim.lsp.config("kifu", { cmd = { kifu, "lsp" }, filetypes = { "gobook" }, root_markers = { ".git" } })
vim.lsp.enable("kifu")

vim.cmd.edit(book)
local buf = vim.api.nvim_get_current_buf()
local ok
ok, result.diagnostics = util.diagnostics(buf)
local clients = vim.lsp.get_clients({ bufnr = buf, name = "kifu" })
result.attached = #clients > 0
result.encoding = clients[1] and clients[1].offset_encoding

local function find(needle) return util.find(buf, needle) end
local function request(method, line, col)
  return util.request(buf, method, line, col).result
end

-- Hover on the `::dia(#dia2)` line (columns are bytes = UTF-16 units here).
local line = find("::dia(#dia2)")
local hover = request("textDocument/hover", line, 2)
result.hover = hover and hover.contents.value or ""

-- Completion after `base=` on the `::var` line.
local vline, vcol = find("base=dia9")
local items = request("textDocument/completion", vline, vcol + 5)
result.completion = {}
for _, item in ipairs((items and (items.items or items)) or {}) do
  table.insert(result.completion, item.label)
end

-- Fix `dia9` in the buffer, without saving: its finding goes.
vim.api.nvim_buf_set_text(buf, vline, vcol + 8, vline, vcol + 9, { "2" })
vim.wait(20000, function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "book/unknown-base" then return false end
  end
  return true
end, 20)
result.after_fix = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(result.after_fix, d.code) end
result.modified = vim.bo[buf].modified
result.waited = ok

local f = assert(io.open(out, "w"))
f:write(vim.json.encode(result))
f:close()
vim.cmd("qall!")
