package io.entitytable.local;

import java.nio.file.Path;

/** The repository checkout the tests run in (surefire passes it; see the module's pom). */
final class TestRepository {
    private TestRepository() {}

    static Path root() {
        return RepositoryRoot.find();
    }
}
