package io.entitytable.local.engine.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Recognises a data folder that DynamoDB Local wrote (its SQLite databases), which this engine cannot read: it is
 * refused untouched, with the way to carry its data over, rather than mistaken for an empty folder.
 */
public final class DynamoDbLocalFolder {
    /** The refusal, formatted with the folder. */
    public static final String REFUSAL = "The data folder %s holds a DynamoDB Local database"
            + " (shared-local-instance.db, or a *.db file in SQLite format): the local DynamoDB engine cannot read it,"
            + " and has left the folder untouched. To carry its data over: start the previous version of the local"
            + " system on this folder; export each business with"
            + " `java -jar tools/tenant-transfer/target/tenant-transfer.jar export --business <id> --out <file>"
            + " --endpoint http://localhost:8000`; stop it, start this version on a new, empty data folder and import"
            + " each file with `java -jar tools/tenant-transfer/target/tenant-transfer.jar import --in <file>"
            + " --endpoint http://localhost:8000`.";

    /** DynamoDB Local's database when started with {@code -sharedDb}. */
    static final String SHARED_DATABASE = "shared-local-instance.db";

    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private DynamoDbLocalFolder() {}

    /** Throws {@link IllegalStateException} with {@link #REFUSAL} when {@code folder} holds a DynamoDB Local database. */
    static void refuse(Path folder) {
        if (holdsDynamoDbLocal(folder)) {
            throw new IllegalStateException(String.format(REFUSAL, folder));
        }
    }

    static boolean holdsDynamoDbLocal(Path folder) {
        if (!Files.isDirectory(folder)) {
            return false;
        }
        try (DirectoryStream<Path> databases = Files.newDirectoryStream(folder, "*.db")) {
            for (Path database : databases) {
                if (database.getFileName().toString().equals(SHARED_DATABASE) || isSqlite(database)) {
                    return true;
                }
            }
            return false;
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot list the data folder " + folder, unreadable);
        }
    }

    private static boolean isSqlite(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(SQLITE_HEADER.length), SQLITE_HEADER);
        }
    }
}
