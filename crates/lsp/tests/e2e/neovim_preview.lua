-- Neovim (0.11, headless) with the preview: `kifu.preview` run as
-- docs/editors.md says, then Neovim waits for a click in the page
-- (test_neovim.py posts it) to move its cursor through
-- window/showDocument, and writes where the cursor went as JSON.
-- Usage: nvim --headless --clean -l neovim_preview.lua KIFU BOOK URL_FILE OUT.json
local kifu, book, url_file, out = arg[1], arg[2], arg[3], arg[4]
local result = {}

vim.filetype.add({ extension = { gobook = "gobook" } })
vim.lsp.config("kifu", { cmd = { kifu, "lsp" }, filetypes = { "gobook" }, root_markers = { ".git" } })
vim.lsp.enable("kifu")

vim.cmd.edit(book)
local buf = vim.api.nvim_get_current_buf()
vim.wait(20000, function() return #vim.lsp.get_clients({ bufnr = buf, name = "kifu" }) > 0 end, 20)
local client = vim.lsp.get_clients({ bufnr = buf, name = "kifu" })[1]
vim.wait(20000, function() return client.initialized end, 20)

-- What docs/editors.md binds to :KifuPreview.
local answer = client:request_sync("workspace/executeCommand",
  { command = "kifu.preview", arguments = { vim.uri_from_bufnr(buf) } }, 10000, buf)
result.url = answer and answer.result and answer.result.url
local f = io.open(url_file, "w")
f:write(result.url or "none")
f:close()

vim.api.nvim_win_set_cursor(0, { 1, 0 })
result.moved = vim.wait(30000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= 1 end, 20)
result.cursor = vim.api.nvim_win_get_cursor(0)
result.buffer = vim.api.nvim_buf_get_name(0)

local file = io.open(out, "w")
file:write(vim.json.encode(result))
file:close()
vim.cmd("qa!")
