package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** Keeps nothing: the engine's state lives in its memory only and is gone when it stops. */
public final class MemoryStorage implements Storage {
    @Override
    public void load(Loader loader) {}

    @Override
    public void tableDescribed(String tableName, ObjectNode description) {}

    @Override
    public void tableDeleted(String tableName) {}

    @Override
    public void committed(List<ItemWrite> items, List<StreamWrite> records) {}

    @Override
    public void close() {}
}
