package io.entitytable.local.engine.tables;

/**
 * One key attribute of a table or index: its name and its scalar type ({@code S}, {@code N} or {@code B}).
 *
 * @param name the attribute's name
 * @param type {@code S}, {@code N} or {@code B}
 */
public record KeyAttribute(String name, String type) {}
