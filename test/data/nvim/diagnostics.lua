-- Headless Neovim as an LSP client of `migrate-check lsp`: opens one file, waits for the server's
-- diagnostics, writes them as JSON, then asks for the code actions at the first one, applies the
-- preferred quick fix, waits for the re-check and writes the buffer and its diagnostics again.
-- Works with Neovim 0.7 (vim.lsp.start_client + buf_attach_client) and later (vim.lsp.start).
--
-- Environment: MC_CMD     the server command, JSON array (e.g. ["node","/x/bin/migrate-check.js","lsp","--stdio"])
--              MC_ROOT    the workspace folder
--              MC_FILE    the file to open
--              MC_OUT     where to write the JSON result
local cmd = vim.fn.json_decode(os.getenv('MC_CMD'))
local root = os.getenv('MC_ROOT')
local file = os.getenv('MC_FILE')
local out = os.getenv('MC_OUT')
local result = { nvim = vim.version(), steps = {} }

local clients = vim.lsp.get_clients or vim.lsp.get_active_clients -- 0.10 renamed it

local function finish()
  vim.fn.writefile({ vim.fn.json_encode(result) }, out)
  for _, client in pairs(clients()) do vim.lsp.stop_client(client.id) end
  vim.wait(5000, function() return #clients() == 0 end, 50)
  vim.cmd('qa!')
end

local function step(msg) table.insert(result.steps, msg) end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local config = { name = 'migrate-check', cmd = cmd, root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = 'workspace' } } }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config) -- 0.8+: starts (or reuses) and attaches the current buffer
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(buf, client_id)
  end
  step('started client ' .. tostring(client_id))

  local function diagnostics()
    local list = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local lsp = (d.user_data or {}).lsp or {}
      table.insert(list, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
        severity = d.severity, source = d.source, code = d.code or lsp.code, message = d.message })
    end
    table.sort(list, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
    return list
  end

  if not vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
    step('no diagnostics within 30 s')
    return
  end
  result.diagnostics = diagnostics()

  -- the code actions for the first diagnostic, as `:lua vim.lsp.buf.code_action()` asks for them
  local d = result.diagnostics[1]
  local lspdiag = {}
  for _, x in ipairs(vim.diagnostic.get(buf)) do
    local lsp = (x.user_data or {}).lsp
    if lsp and x.lnum == d.lnum and x.col == d.col then lspdiag = { lsp } end
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
    context = { diagnostics = lspdiag } }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000) or {}
  local chosen
  result.actions = {}
  for _, r in pairs(responses) do
    for _, a in ipairs(r.result or {}) do
      table.insert(result.actions, { title = a.title, kind = a.kind, isPreferred = a.isPreferred or false })
      if a.kind == 'quickfix' and a.edit and (chosen == nil or (a.isPreferred and not chosen.isPreferred)) then chosen = a end
    end
  end
  if not chosen then
    step('no quick fix offered')
    return
  end
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
  step('applied: ' .. chosen.title)
  -- the server re-checks the new text and publishes again
  local before = vim.fn.json_encode(result.diagnostics)
  vim.wait(30000, function()
    return vim.api.nvim_buf_get_changedtick(buf) ~= tick and vim.fn.json_encode(diagnostics()) ~= before
  end, 20)
  result.after = { lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false), diagnostics = diagnostics() }
end)
if not ok then result.error = tostring(err) end
finish()
