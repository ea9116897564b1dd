extension DashboardScript {
    /// What the page changes on the server, each through the admin API call a test would make: the reload, reset
    /// and clear-journal buttons (`POST /__standin/reload`, `POST /__standin/reset`, `DELETE /__standin/requests`),
    /// and "copy as fixture" with its one-click `POST /__standin/fixtures`.
    static let actions = #"""
        // The buttons. Reset and clear act on the session the filter shows, else on the main state, as the variant
        // picker does; reload rereads Mocks/ for all.

        const notice = document.getElementById("notice");

        // Runs `call`, then says what it returned (a sentence) or why it failed, and lists the endpoints again.
        async function act(call) {
          notice.className = "";
          notice.textContent = "…";
          try {
            notice.textContent = await call();
          } catch (error) {
            if (error instanceof Unauthorized) askForToken();
            notice.textContent = error.message || "refused";
            notice.className = "dropped";
          }
          loadEndpoints().catch(endpointsProblem);
        }

        // The state a button acts on, in words.
        function actedOn(session) {
          return session ? "session " + sessions.get(session) : "the main state";
        }

        // Takes the entries of the journal of `session` (null: the main one) off the list.
        function forget(session) {
          for (const item of [...journal.children]) {
            if (item.dataset.session !== (session || "main")) continue;
            seen.delete(item.dataset.key);
            item.remove();
          }
        }

        document.getElementById("reload").addEventListener("click", () => act(async () => {
          const outcome = await api("/__standin/reload", { method: "POST" });
          const problems = outcome.diagnostics.map((diagnostic) => diagnostic.message);
          return "Reloaded: " + outcome.fixtures + (outcome.fixtures === 1 ? " fixture" : " fixtures") +
            (problems.length ? "; " + problems.length + " not loaded: " + problems.join("; ") : "");
        }));

        document.getElementById("reset").addEventListener("click", () => act(async () => {
          const session = chosenSession();
          await api("/__standin/reset", { method: "POST", headers: inSession(session) });
          forget(session);
          return "Reset " + actedOn(session) +
            ": run-time fixtures dropped, sequences restarted, variants restored, journal emptied";
        }));

        document.getElementById("clear-journal").addEventListener("click", () => act(async () => {
          const session = chosenSession();
          await api("/__standin/requests", { method: "DELETE", headers: inSession(session) });
          forget(session);
          return "Cleared the journal of " + actedOn(session);
        }));

        // Copy as fixture, for a request no fixture answered (`session`: the id of the session it was answered in).
        function offerFixture(details, entry, session) {
          const copy = element("button", null, "Copy as fixture");
          copy.type = "button";
          copy.dataset.testid = "copy-as-fixture";
          const add = element("button", null, "Add as run-time fixture");
          add.type = "button";
          add.dataset.testid = "add-fixture";
          const added = element("span");
          added.dataset.testid = "added-fixture";
          const output = element("textarea");
          output.dataset.testid = "fixture-json";
          output.readOnly = true;
          output.rows = 12;
          output.cols = 80;
          output.hidden = true;
          const text = JSON.stringify(fixtureFor(entry), null, 2) + "\n";
          copy.addEventListener("click", () => {
            output.value = text;
            output.hidden = false;
            output.select();
            if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
          });
          add.addEventListener("click", async () => {
            try {
              const fixture = await api("/__standin/fixtures", {
                method: "POST",
                headers: Object.assign({ "Content-Type": "application/json" }, inSession(session)),
                body: text
              });
              added.textContent = "Added as " + fixture.id + " (" + fixture.endpoint + ") to " + actedOn(session);
              refreshEndpointsSoon();
            } catch (error) {
              if (error instanceof Unauthorized) askForToken();
              added.textContent = "Not added: " + error.message;
            }
          });
          details.append(copy, " ", add, " ", added, element("div"), output);
        }

        // A fixture that answers this request: its method, path, query and body. Its answer is the fallback backend's,
        // when that answered; else one to fill in, an envelope when the answer was one (its code is the success code).
        function fixtureFor(entry) {
          const request = { method: entry.method, path: entry.path };
          if (entry.query) {
            const query = {};
            for (const [name, value] of new URLSearchParams(entry.query)) {
              if (!(name in query)) query[name] = value;
            }
            if (Object.keys(query).length) request.query = query;
          }
          if (entry.body) {
            try {
              request.body = { json: JSON.parse(entry.body) };
            } catch (notJSON) {
              request.body = { equals: entry.body };
            }
          }
          const answered = entry.upstreamResponse !== undefined;
          return {
            description: "Made in the dashboard from " + entry.method + " " + entry.path +
              (answered ? ", as the fallback backend answered it." : ", which no fixture answered."),
            request: request,
            response: answered ? entry.upstreamResponse :
              entry.envelopeCode !== null ? { status: 200, envelope: { data: {} } } : { status: 200, json: {} }
          };
        }

        """#
}
