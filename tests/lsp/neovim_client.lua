-- A real editor client end to end: Neovim's built-in LSP client (0.7 API:
-- vim.lsp.start_client and vim.lsp.buf_attach_client; later versions keep
-- them) starts `talec lsp`, opens sample-book files, waits for diagnostics,
-- asks for definition, hover, references and a quick fix, and checks each
-- answer. Run by tests/lsp/neovim.sh; writes what it found to $RESULT.
local talec = os.getenv('TALEC')
local root = os.getenv('TALEBOOK_ROOT')
local result_path = os.getenv('RESULT')
local results = { ok = false, checks = {} }

local function write_results()
  local f = assert(io.open(result_path, 'w'))
  f:write(vim.fn.json_encode(results))
  f:close()
end

local function check(name, condition, detail)
  table.insert(results.checks, { name = name, ok = condition and true or false, detail = detail })
  if not condition then
    error(name .. ': ' .. vim.inspect(detail), 0)
  end
end

-- 0-based line of the first line of `path` holding `needle`, and its byte column.
local function find(lines, needle)
  for i, line in ipairs(lines) do
    local col = line:find(needle, 1, true)
    if col then return i - 1, col - 1 end
  end
  error('not found: ' .. needle, 0)
end

local published = {}
local client_id = vim.lsp.start_client({
  name = 'talec',
  cmd = { talec, 'lsp' },
  root_dir = root,
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      published[result.uri] = result.diagnostics
      vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
    end,
  },
})

local function open(relative)
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/' .. relative))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  local uri = vim.uri_from_bufnr(buf)
  local got = vim.wait(10000, function() return published[uri] ~= nil end, 20)
  check('diagnostics published for ' .. relative, got, uri)
  return buf, uri
end

-- A request at the first `needle` of the buffer (plus `into` bytes): the
-- client computes the position in its own encoding (UTF-16).
local function request_at(buf, needle, into, method, extra)
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local line, col = find(lines, needle)
  vim.api.nvim_win_set_cursor(0, { line + 1, col + (into or 0) })
  local params = vim.lsp.util.make_position_params()
  for k, v in pairs(extra or {}) do params[k] = v end
  local client = vim.lsp.get_client_by_id(client_id)
  local response = client.request_sync(method, params, 10000, buf)
  check(method .. ' answered', response and not response.err, response)
  return response.result
end

local function location_line(location, file)
  local path = vim.uri_to_fname(location.uri)
  return path:sub(-#file) == file, location.range.start.line
end

local function main()
  check('talec lsp started', client_id ~= nil, talec)

  -- English: a matrix cell -> its paragraph; hover shows the cell's three targets.
  local buf = open('book/matrices.tales')
  check('the sample book is clean', #published[vim.uri_from_bufnr(buf)] == 0, published)
  local elders = vim.fn.readfile(root .. '/book/elders.tales')
  local elders_601 = find(elders, '@601')
  local def = request_at(buf, 'Old: 601', 5, 'textDocument/definition')
  if def[1] then def = def[1] end
  local same, line = location_line(def, 'book/elders.tales')
  check('definition of cell 601', same and line == elders_601, def)
  results.definition = { file = 'book/elders.tales', line = line }

  local hover = request_at(buf, 'Old: 601', 5, 'textDocument/hover')
  local text = hover.contents.value or hover.contents
  check('hover of cell 601', text:find('@600', 1, true) and text:find('@602', 1, true), text)
  results.hover = text

  -- Completion in a cell: the paragraph numbers that begin with what is typed.
  local list = request_at(buf, 'Old: 601', 7, 'textDocument/completion')
  local numbers, only_60 = {}, true
  for _, item in ipairs(list.items or list) do
    numbers[item.label] = true
    if item.label:sub(1, 2) ~= '60' then only_60 = false end
  end
  check('completion of 60 in a cell', numbers['601'] and numbers['608'] and only_60, list)
  results.completion = #(list.items or list)

  -- Inlay hints: after the cell 601, the first words of paragraph 601.
  local hints = vim.lsp.get_client_by_id(client_id).request_sync('textDocument/inlayHint', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = 9999, character = 0 } },
  }, 10000, buf)
  local hinted = false
  for _, h in ipairs((hints or {}).result or {}) do
    if h.label == 'The old one laughs at your groveling.' then hinted = true end
  end
  check('an inlay hint after cell 601', hinted, hints)

  -- Semantic tokens: five numbers a token, some of them.
  local sem = vim.lsp.get_client_by_id(client_id).request_sync('textDocument/semanticTokens/full', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
  }, 10000, buf)
  local data = ((sem or {}).result or {}).data or {}
  check('semantic tokens of the matrices', #data > 0 and #data % 5 == 0, sem)

  -- Rename of a cell: its three paragraphs move, in the book and its translation
  -- (asked, not applied: the files are the repository's).
  local prepared = request_at(buf, 'Old: 601', 5, 'textDocument/prepareRename')
  check('prepareRename of cell 601', prepared and prepared.placeholder == '601', prepared)
  local renamed = request_at(buf, 'Old: 601', 5, 'textDocument/rename', { newName = '651' })
  local en_elders, zh_elders_renamed = false, false
  for uri, _ in pairs((renamed or {}).changes or {}) do
    if uri:sub(-#'/book/elders.tales') == '/book/elders.tales' then en_elders = true end
    if uri:sub(-#'/zh/elders.tales') == '/zh/elders.tales' then zh_elders_renamed = true end
  end
  check('rename of cell 601 reaches both books', en_elders and zh_elders_renamed, renamed)

  local refs = request_at(buf, 'Old: 601', 5, 'textDocument/references',
    { context = { includeDeclaration = false } })
  local in_matrix = false
  for _, r in ipairs(refs) do
    local here, l = location_line(r, 'book/matrices.tales')
    if here and l == find(vim.api.nvim_buf_get_lines(buf, 0, -1, false), 'Old: 601') then in_matrix = true end
  end
  check('references of 601 include the cell', in_matrix, refs)
  results.references = #refs

  -- An unsaved edit: a diagnostic with its code, then the quick fix applied.
  local ebuf, euri = open('book/elders.tales')
  local lines = vim.api.nvim_buf_get_lines(ebuf, 0, -1, false)
  local l = find(lines, 'Courtly Graces:')
  published[euri] = nil
  vim.api.nvim_buf_set_lines(ebuf, l, l + 1, false, { (lines[l + 1]:gsub('Courtly Graces:', 'Courtly Grace:')) })
  local diagnostic
  vim.wait(10000, function()
    for _, d in ipairs(published[euri] or {}) do
      if d.code == 'TB0021' then diagnostic = d end
    end
    return diagnostic ~= nil
  end, 20)
  check('TB0021 after an unsaved edit', diagnostic, published[euri])
  results.diagnostic = diagnostic.message
  local client = vim.lsp.get_client_by_id(client_id)
  local actions = client.request_sync('textDocument/codeAction', {
    textDocument = { uri = euri },
    range = diagnostic.range,
    context = { diagnostics = { diagnostic } },
  }, 10000, ebuf)
  check('a quick fix', actions and actions.result and actions.result[1]
    and actions.result[1].kind == 'quickfix', actions)
  published[euri] = nil
  vim.lsp.util.apply_workspace_edit(actions.result[1].edit, 'utf-16')
  check('the quick fix restores the line',
    vim.api.nvim_buf_get_lines(ebuf, l, l + 1, false)[1] == lines[l + 1],
    vim.api.nvim_buf_get_lines(ebuf, l, l + 1, false))
  local clean = vim.wait(10000, function() return published[euri] ~= nil and #published[euri] == 0 end, 20)
  check('clean again after the fix', clean, published[euri])
  results.quickfix = actions.result[1].title

  -- Play from here: a code lens on the header of 601, and its command's transcript.
  local lenses = client.request_sync('textDocument/codeLens', { textDocument = { uri = euri } },
    10000, ebuf)
  local lens
  for _, candidate in ipairs((lenses or {}).result or {}) do
    if candidate.range.start.line == find(lines, '@601') then lens = candidate end
  end
  check('a play-from-here lens on @601', lens and lens.command.command == 'talec.playFrom', lenses)
  local played = client.request_sync('workspace/executeCommand', lens.command, 10000, ebuf)
  local transcript = ((played or {}).result or {}).transcript or ''
  check('play from here returns a transcript',
    transcript:find('601\nThe old one laughs at your groveling.', 1, true), played)
  results.play_from = lens.command.title

  -- Chinese: positions in UTF-16 on a Chinese line.
  local zbuf = open('locales/zh/matrices.tales')
  local zh_elders = vim.fn.readfile(root .. '/locales/zh/elders.tales')
  local zdef = request_at(zbuf, '601 |', 0, 'textDocument/definition')
  if zdef[1] then zdef = zdef[1] end
  local zsame, zline = location_line(zdef, 'zh/elders.tales')
  check('definition of a cell on a Chinese line', zsame and zline == find(zh_elders, '@601'), zdef)
  local zhover = request_at(zbuf, '601 |', 0, 'textDocument/hover')
  local ztext = zhover.contents.value or zhover.contents
  check('hover on a Chinese line', ztext:find('你扑倒在老人脚下', 1, true), ztext)
  results.zh_definition = { file = 'locales/zh/elders.tales', line = zline }
  local zlist = request_at(zbuf, '601 |', 0, 'textDocument/completion')
  local znumbers = {}
  for _, item in ipairs(zlist.items or zlist) do znumbers[item.label] = true end
  check('completion in a cell of a Chinese line', znumbers['601'] and not znumbers['无技能'], zlist)

  local shut = client.request_sync('shutdown', nil, 5000, zbuf)
  check('shutdown', shut and not shut.err, shut)
  results.ok = true
end

local ok, err = pcall(main)
if not ok then
  results.error = tostring(err)
  io.stderr:write('lsp_neovim: ' .. tostring(err) .. '\n')
end
write_results()
if ok then
  vim.cmd('qall!')
else
  vim.cmd('cquit 1')
end
