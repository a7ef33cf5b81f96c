package io.entitytable.local.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The local stand-in for the deployed stack's cursor secret: 32 random bytes per data folder, created on first use and
 * kept in {@code <data>/auth/} next to the {@link LocalIssuer}'s key, readable by its owner only. Kept, so the cursors
 * of a running list survive a restart of the local system; per folder, so no two developers' systems, nor a fresh
 * clone and the code in it, share a key. It is never rotated: delete the file to replace it (cursors handed out before
 * are then refused with 400, as they would be after two rotations on AWS).
 */
public final class LocalCursorKey {
    static final String KEY_FILE = "cursor-key.txt";

    private static final int KEY_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String secret;

    private LocalCursorKey(String secret) {
        this.secret = secret;
    }

    /** The key kept in {@code authFolder}, generating it there on first use. */
    public static LocalCursorKey inFolder(Path authFolder) {
        return new LocalCursorKey(loadOrCreate(keyFile(authFolder)));
    }

    /** The file in {@code authFolder} that holds the key. */
    public static Path keyFile(Path authFolder) {
        return authFolder.resolve(KEY_FILE);
    }

    /** The secret, as the API function takes it in {@code CURSOR_SECRET}. */
    public String secret() {
        return secret;
    }

    @Override
    public String toString() {
        return "LocalCursorKey[…]";
    }

    private static String loadOrCreate(Path file) {
        try {
            if (!Files.exists(file)) {
                byte[] bytes = new byte[KEY_BYTES];
                RANDOM.nextBytes(bytes);
                Files.createDirectories(file.getParent());
                // Written whole into an owner-only file, then renamed into place: no reader sees half a key, and the
                // key
                // is never readable by others, not even for a moment.
                Path temp = Files.createTempFile(file.getParent(), "cursor-key", ".tmp", ownerOnly());
                Files.writeString(temp, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
            }
            String secret = Files.readString(file).strip();
            if (secret.isEmpty()) {
                throw new IllegalStateException(
                        "the local cursor key " + file + " is empty; delete it to make a new one");
            }
            return secret;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FileAttribute<?>[] ownerOnly() {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
        };
    }
}
