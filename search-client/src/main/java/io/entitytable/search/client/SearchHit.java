package io.entitytable.search.client;

/** One result: what it is, and what to show for it. */
public record SearchHit(String type, String id, String title, double score) {}
