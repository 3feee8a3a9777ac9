-- What the Neovim scripts share: finding text in a buffer and asking the
-- language server about it.
local M = {}

-- The 0-based line and byte column of the first `needle` in `buf`.
function M.find(buf, needle)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local at = line:find(needle, 1, true)
    if at then return i - 1, at - 1 end
  end
end

-- The server's answer ({ result = ..., err = ... }) to `method` about
-- `buf`, at `line`:`col` when given, with `extra` parameters.
function M.request(buf, method, line, col, extra)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) } }
  if line then params.position = { line = line, character = col } end
  for k, v in pairs(extra or {}) do params[k] = v end
  local answers = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
  for _, a in pairs(answers) do return a end
  return {}
end

-- Waits for the diagnostics of `buf`: whether some came, and each as
-- { code, line, col } (1-based; the column in bytes).
function M.diagnostics(buf)
  local ok = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  local shown = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(shown, { code = d.code, line = d.lnum + 1, col = d.col + 1 })
  end
  return ok, shown
end

return M
