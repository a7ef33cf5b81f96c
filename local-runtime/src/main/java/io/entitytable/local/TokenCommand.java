package io.entitytable.local;

import com.nimbusds.jwt.JWTClaimsSet;
import io.entitytable.deployment.AuthGroups;
import io.entitytable.local.auth.ApiGatewayClaims;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.model.Ids;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * {@code token --operator | --business <id> [--business <id> ...] [--data DIR]}: mints a bearer token of the local
 * issuer of a data folder (the stand-in for the deployed stack's user pool) and prints it as the last line, so {@code
 * TOKEN=$(... token --operator | tail -1)} picks it up. A local system started on the same data folder accepts it,
 * also with {@code --in-memory}, whose table is in memory but whose issuer key is in the folder as always.
 *
 * @param businessIds empty for an operator's token
 */
public record TokenCommand(Path dataFolder, boolean operator, List<String> businessIds) {
    public TokenCommand {
        businessIds = List.copyOf(businessIds);
        if (operator == !businessIds.isEmpty()) {
            throw new IllegalArgumentException("token needs either --operator or one or more --business <id>");
        }
        for (String id : businessIds) {
            if (!Ids.isValid(id)) {
                throw new IllegalArgumentException("--business needs a business id, a ULID of 26 upper-case"
                        + " characters such as 01JD8X3K5Q7Y2M4N6P8R0T2V4W; '" + id + "' is not one");
            }
        }
    }

    /** The command's options; {@code --data} resolves against {@code repositoryRoot} as {@code start}'s does. */
    static TokenCommand parse(Deque<String> arguments, Path repositoryRoot) {
        Path data = LocalOptions.defaults(repositoryRoot).dataFolder();
        boolean operator = false;
        List<String> businessIds = new ArrayList<>();
        while (!arguments.isEmpty()) {
            String option = arguments.pop();
            switch (option) {
                case "--operator" -> operator = true;
                case "--business" -> businessIds.add(value(option, arguments));
                case "--data" -> data = repositoryRoot.resolve(value(option, arguments));
                default -> throw new IllegalArgumentException("unknown option '" + option + "' of token");
            }
        }
        return new TokenCommand(data.toAbsolutePath().normalize(), operator, businessIds);
    }

    private static String value(String option, Deque<String> arguments) {
        if (arguments.isEmpty() || arguments.peek().startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return arguments.pop();
    }

    /** Mints the token, prints what it is for and then the token itself as the last line, and returns it. */
    public String run(PrintStream out) {
        Path authFolder = dataFolder.resolve(LocalOptions.AUTH_FOLDER);
        LocalIssuer issuer = LocalIssuer.inFolder(authFolder);
        String token = operator ? issuer.operatorToken() : issuer.businessToken(businessIds);
        JWTClaimsSet claims = issuer.verify(token);
        out.println("# " + (operator ? "Operator" : "Business member") + " token, " + AuthGroups.DEFAULT_CLAIM + " "
                + ApiGatewayClaims.of(claims).get(AuthGroups.DEFAULT_CLAIM) + ", valid until "
                + claims.getExpirationTime().toInstant() + ".");
        out.println("# Signed with " + LocalIssuer.keyFile(authFolder)
                + ": a local system started on this data folder accepts it.");
        out.println("# Send it as: curl -H \"Authorization: Bearer $TOKEN\" http://localhost:" + LocalOptions.API_PORT
                + "/...   (TOKEN=$(java -jar local-runtime/target/local-runtime.jar token ... | tail -1))");
        out.println(token);
        return token;
    }
}
