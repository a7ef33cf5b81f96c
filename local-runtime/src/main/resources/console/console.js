// The local console: plain DOM, no library. Every value from the table or the API goes into the page as text
// (textContent, never innerHTML), so nothing stored can become markup.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  let token = null;
  let poller = null;

  // ---- signing in and calling ------------------------------------------------------------------------------------

  async function signIn() {
    const response = await fetch('/console/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    const body = await response.json();
    if (!response.ok) {
      throw new Error(body.detail || 'The console could not sign in.');
    }
    token = body.token;
    $('session').textContent = 'Signed in as the local operator.';
  }

  async function call(method, path, body, retried) {
    if (!token) {
      await signIn();
    }
    const headers = { Authorization: 'Bearer ' + token };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401 && !retried) {
      token = null;
      return call(method, path, body, true);
    }
    const text = await response.text();
    const json = text ? JSON.parse(text) : null;
    if (!response.ok) {
      throw new Error((json && (json.detail || json.title)) || 'HTTP ' + response.status);
    }
    return json;
  }

  // One live region says what the current view found or did, so a screen reader hears each outcome once.
  function say(text) {
    $('status').textContent = text;
  }

  function showError(error) {
    const box = $('error');
    box.textContent = error.message || String(error);
    box.hidden = false;
  }

  function clearError() {
    $('error').hidden = true;
    $('error').textContent = '';
  }

  // ---- building the page -----------------------------------------------------------------------------------------

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([name, value]) => node.setAttribute(name, value));
    children.forEach((child) => {
      if (child !== null && child !== undefined) {
        node.append(child instanceof Node ? child : String(child));
      }
    });
    return node;
  }

  function fillRows(tbody, rows) {
    tbody.replaceChildren(...rows.map((cells) => el('tr', {}, ...cells.map((cell) => el('td', {}, cell)))));
  }

  function link(href, text) {
    return el('a', { href }, text);
  }

  function age(millis) {
    if (millis === null || millis === undefined) {
      return '';
    }
    if (millis < 1000) {
      return millis + ' ms';
    }
    if (millis < 120000) {
      return (millis / 1000).toFixed(1) + ' s';
    }
    if (millis < 7200000) {
      return Math.round(millis / 60000) + ' min';
    }
    return Math.round(millis / 3600000) + ' h';
  }

  function count(n, noun) {
    return n + ' ' + noun + (n === 1 ? '' : 's');
  }

  function badge(text, kind) {
    return el('span', { class: 'badge ' + kind }, text);
  }

  function repeat(load, millis) {
    stopRepeating();
    let running = false;
    const tick = async () => {
      if (running) {
        return;
      }
      running = true;
      try {
        await load();
      } catch (error) {
        showError(error);
      } finally {
        running = false;
      }
    };
    tick();
    poller = setInterval(tick, millis);
  }

  function stopRepeating() {
    if (poller !== null) {
      clearInterval(poller);
      poller = null;
    }
  }

  // ---- businesses ------------------------------------------------------------------------------------------------

  async function loadBusinesses() {
    const name = $('business-name').value;
    const businesses = await call('GET', '/console/api/businesses?name=' + encodeURIComponent(name));
    fillRows($('business-list').tBodies[0], businesses.map((business) => [
      business.name,
      el('code', {}, business.id),
      business.version,
      business.erasing ? badge('being erased', 'behind') : badge('live', 'current'),
      link('#collection/' + business.id, 'Item collection of ' + business.name),
    ]));
  }

  async function createBusiness() {
    const name = $('business-new-name').value;
    const created = await call('POST', '/businesses', { name });
    $('business-new-name').value = '';
    location.hash = '#collection/' + created.id;
  }

  // ---- item collection -------------------------------------------------------------------------------------------

  async function loadCollection(id) {
    $('collection-id').value = id;
    const collection = await call('GET', '/console/api/businesses/' + encodeURIComponent(id) + '/collection');
    say(collection.found
      ? collection.subjects + ' subjects' + (collection.truncated ? ' (the first ones; the API lists the rest)' : '')
      : 'No business ' + id + ' in the table.');
    $('collection-facets').replaceChildren(...collection.facets.map(facetView));
  }

  function facetView(facet) {
    const items = facet.partitions.reduce((sum, partition) => sum + partition.items.length, 0);
    return el('section', { class: 'facet', 'data-facet': facet.name },
      el('h3', {}, facet.name + ' ', el('span', { class: 'muted' },
        count(facet.partitions.length, 'partition') + ', ' + count(items, 'item'))),
      ...facet.partitions.map((partition) => partitionView(partition, facet.partitions.length <= OPEN_PARTITIONS)));
  }

  // A facet of many partitions (a business's 16 counters) starts folded, so the page stays readable.
  const OPEN_PARTITIONS = 6;

  function partitionView(partition, open) {
    const table = el('table', { 'aria-label': 'Items of partition ' + partition.id },
      el('thead', {}, el('tr', {},
        ...['Sort key (type)', 'Kind', 'Version or count', 'Attributes', 'Copies'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody'));
    fillRows(table.tBodies[0], partition.items.map((item) => [
      el('code', {}, item.type),
      item.kind,
      summaryOf(item.attributes),
      el('details', {}, el('summary', {}, 'JSON'), el('pre', {}, JSON.stringify(item.attributes, null, 2))),
      item.kind === 'core' ? link('#copies/' + subjectOf(item), 'Copies of ' + subjectOf(item)) : '',
    ]));
    return el('details', open ? { class: 'partition', open: '' } : { class: 'partition' },
      el('summary', {}, el('code', {}, partition.id), ' ',
        el('span', { class: 'muted' }, count(partition.items.length, 'item') + (partition.truncated ? ' (first ones)' : ''))),
      table);
  }

  function summaryOf(attributes) {
    if (attributes.version !== undefined) {
      return 'version ' + attributes.version;
    }
    if (attributes.sourceVersion !== undefined) {
      return 'copy of version ' + attributes.sourceVersion;
    }
    if (attributes.childCount !== undefined) {
      return attributes.childCount + ' children counted';
    }
    return '';
  }

  function subjectOf(item) {
    return item.type.split('#')[0] + '#' + item.id;
  }

  // ---- copies ----------------------------------------------------------------------------------------------------

  async function loadCopies(subject) {
    const copies = await call('GET', '/console/api/copies/' + encodeURIComponent(subject));
    const behind = copies.copies.filter((copy) => !copy.current).length;
    say(copies.sourceExists
      ? copies.subject + ' is at version ' + copies.sourceVersion + ': ' + copies.copies.length + ' copies, '
        + behind + ' behind.'
      : copies.subject + ' is not in the table: ' + copies.copies.length + ' copies left.');
    fillRows($('copies-list').tBodies[0], copies.copies.map((copy) => [
      el('code', {}, copy.id),
      el('code', {}, copy.type),
      copy.kind,
      copy.sourceVersion,
      copy.current ? badge('current', 'current') : badge('behind', 'behind'),
      age(copy.ageMillis),
    ]));
  }

  // ---- stream consumers ------------------------------------------------------------------------------------------

  async function loadStreams() {
    const streams = await call('GET', '/console/api/streams');
    const metrics = streams.metrics;
    fillRows($('consumer-list').tBodies[0], metrics.consumers.map((consumer) => [
      consumer.consumer,
      consumer.batches,
      consumer.functionErrors,
      consumer.iteratorAgeSeconds.toFixed(3),
      consumer.caughtUp ? badge('yes', 'current') : badge('no', 'behind'),
    ]));
    fillRows($('freshness-list').tBodies[0], metrics.distributions.map((series) => [
      series.metric,
      series.function,
      Object.values(series.dimensions).filter((value) => value !== series.function).join(', '),
      series.count,
      Math.round(series.p50),
      Math.round(series.p90),
      Math.round(series.p99),
    ]));
    fillRows($('queue-list').tBodies[0], Object.entries(metrics.queues).map(([queue, messages]) => [queue, messages]));
    fillRows($('pattern-list').tBodies[0], metrics.patterns.map((pattern) => [
      pattern.pattern,
      pattern.backfill,
      pattern.phase === 'ready' ? badge('ready', 'current') : badge(pattern.phase, 'behind'),
      pattern.pass,
      el('progress', { max: 100, value: pattern.percent, 'aria-label': 'Backfill of ' + pattern.backfill },
        pattern.percent + ' %'),
    ]));
    const archive = streams.archive;
    $('archive-state').textContent = archive
      ? 'Finished orders past their business\'s retention move to the order archive, every 2 s.'
      : 'Off: the system runs without its archive (--no-archive).';
    fillRows($('archive-moves').tBodies[0], archive ? Object.entries(archive.moves).map(([outcome, count]) => [
      outcome,
      count,
    ]) : []);
    fillRows($('archive-next').tBodies[0], archive ? archive.next.map((due) => [
      el('code', {}, due.businessId),
      due.dueAt,
    ]) : []);
    fillRows($('job-list').tBodies[0], streams.jobs.map((job) => {
      const item = job.item ? job.item.attributes : null;
      const done = item ? Number(item.copiesDone || item.itemsDeleted || 0) : 0;
      const total = item && item.copiesTotal ? Number(item.copiesTotal) : null;
      return [
        el('code', {}, job.subject),
        item ? String(item.jobStatus || item.phase || item.status || '') : 'gone',
        total ? el('progress', { max: total, value: done, 'aria-label': 'Progress of ' + job.subject }, done + ' / ' + total)
          : done + ' done',
        job.lastSeen,
      ];
    }));
  }

  // ---- search ----------------------------------------------------------------------------------------------------

  async function runSearch() {
    const business = $('search-business').value;
    const words = $('search-text').value;
    const page = await call('GET', '/businesses/' + encodeURIComponent(business) + '/search?q='
      + encodeURIComponent(words));
    say(page.items.length + ' results' + (page.next ? ' (first page)' : '') + '.');
    $('search-results').replaceChildren(...page.items.map((hit) => el('li', { class: 'hit' },
      el('strong', {}, hit.title), ' ', el('span', { class: 'muted' }, hit.type + ' '), el('code', {}, hit.id),
      ...Object.entries(hit.highlight || {}).map(([field, fragments]) => el('div', { class: 'highlight' },
        el('span', { class: 'muted' }, field + ': '), ...fragments.map(highlighted))))));
  }

  // The API escapes a fragment's text and wraps each match in <em></em>. The page still builds the nodes itself:
  // the text between the markers is unescaped by an inert parser and added as text, each match as a <mark>.
  function highlighted(fragment) {
    const span = el('span', { class: 'fragment' });
    let inMatch = false;
    fragment.split(/(<em>|<\/em>)/).forEach((part) => {
      if (part === '<em>' || part === '</em>') {
        inMatch = part === '<em>';
        return;
      }
      const text = new DOMParser().parseFromString(part, 'text/html').documentElement.textContent;
      span.append(inMatch ? el('mark', {}, text) : text);
    });
    return span;
  }

  // ---- checks ----------------------------------------------------------------------------------------------------

  async function runVerify() {
    say('Verify is running…');
    const result = await call('POST', '/console/api/verify');
    const drift = result.totalFindings + (result.index ? result.index.totalFindings : 0);
    say('Verify read ' + result.coreItems + ' core items and ' + result.duplicates
      + ' copies' + (result.index ? ' and ' + result.index.documentsRead + ' search documents' : '') + ' in '
      + result.tookMs + ' ms: ' + (drift === 0 ? 'no drift.' : drift + ' findings.'));
    const counts = el('table', { 'aria-label': 'Verify findings by class' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Class'), el('th', { scope: 'col' }, 'Findings'))),
      el('tbody'));
    const rows = Object.entries(result.countsByClass);
    if (result.index) {
      Object.entries(result.index.countsByClass).forEach(([label, count]) => rows.push(['search index: ' + label, count]));
    }
    fillRows(counts.tBodies[0], rows);
    const findings = result.findings.concat(result.index ? result.index.findings : []);
    $('verify-result').replaceChildren(el('h3', {}, 'Verify'), counts,
      findings.length ? el('ul', { class: 'findings' }, ...findings.map((line) => el('li', {}, el('code', {}, line))))
        : el('p', {}, 'No finding.'));
  }

  async function runCapacity() {
    say('The capacity model is running…');
    const result = await call('GET', '/console/api/capacity');
    say('The capacity model read ' + result.itemsScanned + ' items: the data\'s shape ('
      + (result.derived.length ? result.derived.join(', ') : 'nothing derivable yet') + ') at the reference workload\'s'
      + ' rates' + (result.keysNameSampledBusiness ? '; keys name a sampled business.' : '.'));
    const table = el('table', { 'aria-label': 'Hottest partitions' },
      el('thead', {}, el('tr', {}, ...['Table or index', 'Partition key', 'Write units/s', 'Read units/s', 'Utilisation']
        .map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody'));
    const rows = [];
    result.hottest.forEach((target) => target.partitions.forEach((partition) => rows.push([
      target.target,
      el('code', {}, partition.key),
      partition.writeUnitsPerSecond.toFixed(1),
      partition.readUnitsPerSecond.toFixed(1),
      (partition.utilisation * 100).toFixed(1) + ' %',
    ])));
    fillRows(table.tBodies[0], rows);
    $('capacity-result').replaceChildren(el('h3', {}, 'Hottest partitions'), table);
  }

  // ---- navigation ------------------------------------------------------------------------------------------------

  const views = {
    businesses: () => loadBusinesses(),
    collection: (id) => (id ? loadCollection(id) : null),
    copies: (subject) => {
      if (subject) {
        $('copies-subject').value = subject;
        repeat(() => loadCopies(subject), 500);
      }
    },
    streams: () => repeat(loadStreams, 2000),
    search: () => null,
    checks: () => null,
  };

  async function route() {
    stopRepeating();
    clearError();
    say('');
    const hash = decodeURIComponent(location.hash.slice(1));
    const slash = hash.indexOf('/');
    const name = views[slash < 0 ? hash : hash.slice(0, slash)] ? (slash < 0 ? hash : hash.slice(0, slash)) : 'businesses';
    const argument = slash < 0 ? '' : hash.slice(slash + 1);
    document.querySelectorAll('[data-view]').forEach((view) => {
      view.hidden = view.id !== name;
    });
    document.querySelectorAll('nav a').forEach((a) => {
      if (a.getAttribute('href') === '#' + name) {
        a.setAttribute('aria-current', 'page');
      } else {
        a.removeAttribute('aria-current');
      }
    });
    try {
      await views[name](argument);
    } catch (error) {
      showError(error);
    }
  }

  function onSubmit(formId, action) {
    $(formId).addEventListener('submit', async (event) => {
      event.preventDefault();
      clearError();
      try {
        await action();
      } catch (error) {
        showError(error);
      }
    });
  }

  function onClick(buttonId, action) {
    $(buttonId).addEventListener('click', async () => {
      clearError();
      try {
        await action();
      } catch (error) {
        showError(error);
        say('');
      }
    });
  }

  onSubmit('business-find', loadBusinesses);
  onSubmit('business-create', createBusiness);
  onSubmit('collection-form', async () => {
    location.hash = '#collection/' + $('collection-id').value.trim();
  });
  onSubmit('copies-form', async () => {
    location.hash = '#copies/' + $('copies-subject').value.trim();
  });
  onSubmit('search-form', runSearch);
  onClick('verify-run', runVerify);
  onClick('capacity-run', runCapacity);
  window.addEventListener('hashchange', route);

  signIn().then(route, showError);
})();
