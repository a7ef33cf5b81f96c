package io.entitytable.local.function;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.api.client.AWSLambda;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The classpath of a child JVM that runs AWS's Lambda runtime interface client: the RIC and the two libraries it needs
 * (aws-lambda-java-core, aws-lambda-java-serialization), found where this process loaded them from. As on AWS, the
 * function's own classes are NOT on it: the RIC loads them from its working directory ({@code user.dir}, the unzipped
 * package, plus {@code lib/*.jar}) with its own class loader.
 */
public final class RuntimeClientClasspath {
    /** The RIC's entry point; its single argument is the handler string. */
    public static final String MAIN_CLASS = AWSLambda.class.getName();

    private RuntimeClientClasspath() {}

    public static String asString() {
        return jars().stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    /** The jars of the classpath, in its order. */
    static List<Path> jars() {
        Set<Path> jars = new LinkedHashSet<>();
        jars.add(jarOf(AWSLambda.class));
        jars.add(jarOf(Context.class));
        jars.add(jarOf(PojoSerializer.class));
        return List.copyOf(jars);
    }

    private static Path jarOf(Class<?> type) {
        try {
            return Path.of(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("Cannot locate the jar of " + type, e);
        }
    }
}
