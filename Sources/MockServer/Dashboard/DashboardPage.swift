/// The dashboard's HTML: the frame that its script (`app.js`) fills.
enum DashboardPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>StandIn dashboard</title>
        <link rel="icon" href="data:,">
        <link rel="stylesheet" href="/__standin/ui/app.css">
        <script src="/__standin/ui/app.js" defer></script>
        </head>
        <body>
        <header>
          <h1>StandIn</h1>
          <span id="status" data-testid="status">connecting…</span>
          <button id="reconnect" type="button" hidden>Reconnect</button>
          <span class="actions">
            <button id="reload" data-testid="reload" type="button"
              title="POST /__standin/reload: read Mocks/ again now">Reload fixtures</button>
            <button id="reset" data-testid="reset" type="button"
              title="POST /__standin/reset: drop run-time fixtures, restart sequences, restore variants and empty the
              journal (of the chosen session)">Reset</button>
            <button id="clear-journal" data-testid="clear-journal" type="button"
              title="DELETE /__standin/requests: empty the journal (of the chosen session)">Clear journal</button>
          </span>
          <span id="notice" data-testid="notice" role="status"></span>
        </header>
        <form id="token-form" hidden>
          <label>This server needs its admin token (<code>--admin-token</code>):
            <input id="token" type="password" autocomplete="off" required>
          </label>
          <button type="submit">Use it</button>
        </form>
        <main>
          <section id="journal-section">
            <h2>Journal <small>newest first</small>
              <label><small>session</small> <select id="session-filter" data-testid="session-filter">
                <option value="">all</option><option value="main">main</option>
              </select></label>
            </h2>
            <p class="legend" data-testid="legend">
              <span data-outcome="success">success</span> <span data-outcome="business-error">business error</span>
              <span data-outcome="client-error">client error</span> <span data-outcome="server-error">server error</span>
              <span data-outcome="fault">fault</span></p>
            <p id="skipped" data-testid="skipped" hidden><span id="skipped-text"></span>
              <button id="load-skipped" data-testid="load-skipped" type="button">Load them</button></p>
            <ol id="journal" data-testid="journal"></ol>
          </section>
          <section id="endpoints-section">
            <h2>Endpoints</h2>
            <table>
              <thead><tr><th>Endpoint</th><th>Hits</th><th>Variant</th></tr></thead>
              <tbody id="endpoints"></tbody>
            </table>
          </section>
        </main>
        </body>
        </html>
        """#
}
