package io.entitytable.search.client;

import java.util.List;

/**
 * @param hits best first
 * @param next where the next page starts, or null when this page is the last
 */
public record TextSearchPage(List<TextHit> hits, TextQuery.After next) {}
