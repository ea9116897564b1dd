/// The dashboard's style sheet.
enum DashboardStyle {
    static let css = #"""
        :root { color-scheme: light dark; --line: #8884; --miss: #c0392b; --success: #2e7d32; --business-error: #c77700;
          --client-error: #c0392b; --server-error: #ad1457; --fault: #7b1fa2; }
        body { font: 14px/1.4 system-ui, sans-serif; margin: 0; }
        header { display: flex; flex-wrap: wrap; gap: 1em; align-items: baseline; padding: .5em 1em;
          border-bottom: 1px solid var(--line); }
        h1 { font-size: 1.2em; margin: 0; }
        h2 { font-size: 1em; margin: .5em 0; }
        small { font-weight: normal; opacity: .7; }
        main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1em; padding: 0 1em; }
        #token-form { padding: .5em 1em; }
        ol { list-style: none; margin: 0; padding: 0; }
        li { border-bottom: 1px solid var(--line); }
        .row { display: grid; grid-template-columns: 4em 1fr 7em 9em 14em 5em; gap: .5em; padding: .25em; cursor: pointer; }
        .row:hover { background: #8882; }
        .path { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
        .session { overflow-wrap: anywhere; opacity: .8; }
        li { border-left: 4px solid transparent; }
        [data-outcome="success"] { --outcome: var(--success); }
        [data-outcome="business-error"] { --outcome: var(--business-error); }
        [data-outcome="client-error"] { --outcome: var(--client-error); }
        [data-outcome="server-error"] { --outcome: var(--server-error); }
        [data-outcome="fault"] { --outcome: var(--fault); }
        li[data-outcome] { border-left-color: var(--outcome, transparent); }
        li[data-outcome] .status, .legend [data-outcome] { color: var(--outcome, inherit); font-weight: bold; }
        li[data-outcome="success"] .status { font-weight: normal; }
        .status .code { font-weight: normal; opacity: .8; }
        .legend { margin: .25em 0; font-size: .85em; }
        .legend [data-outcome] { border-left: .8em solid var(--outcome); padding-left: .3em; margin-right: .6em; }
        .details { padding: .25em .5em 1em; }
        .details pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #8881; padding: .5em; margin: .25em 0; }
        table { border-collapse: collapse; width: 100%; }
        td, th { text-align: left; padding: .25em; border-bottom: 1px solid var(--line); }
        .dropped { color: var(--miss); }
        .violations { color: var(--miss); opacity: 1; }
        #skipped { margin: .25em 0; padding: .25em .5em; background: #8882; }
        """#
}
