package io.entitytable.local.engine.conformance.clients;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a client program that nobody in this project wrote (the AWS CLI, a boto3 script) against the conformance
 * endpoint: dummy credentials and a region in its environment for the local engine, the caller's own for DynamoDB.
 */
final class ClientProcess {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = ConformanceEndpoint.remote() ? 900 : 120;

    record Outcome(int exitCode, String stdout, String stderr) {
        JsonNode json() {
            try {
                return JSON.readTree(stdout.isBlank() ? "{}" : stdout);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + stdout + "\nstderr: " + stderr, e);
            }
        }

        Outcome assertSucceeded() {
            if (exitCode != 0) {
                throw new AssertionError("exit " + exitCode + "\nstdout: " + stdout + "\nstderr: " + stderr);
            }
            return this;
        }
    }

    private ClientProcess() {}

    /** Whether {@code command} runs and exits 0 on this machine (e.g. {@code aws --version}). */
    static boolean available(List<String> command) {
        try {
            Process process = start(command);
            process.getOutputStream().close();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static Outcome run(List<String> command) {
        try {
            Path out = Files.createTempFile("client", ".out");
            Path err = Files.createTempFile("client", ".err");
            try {
                ProcessBuilder builder = builder(command);
                builder.redirectOutput(out.toFile()).redirectError(err.toFile());
                Process process = builder.start();
                process.getOutputStream().close();
                if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new AssertionError("timed out: " + command);
                }
                return new Outcome(
                        process.exitValue(),
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new AssertionError("could not run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running " + command, e);
        }
    }

    private static Process start(List<String> command) throws IOException {
        ProcessBuilder builder = builder(command);
        builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        return builder.start();
    }

    private static ProcessBuilder builder(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command));
        Map<String, String> environment = builder.environment();
        environment.put("AWS_PAGER", "");
        environment.put("AWS_DEFAULT_OUTPUT", "json");
        String region = System.getProperty("conformance.region", "us-east-1");
        environment.put("AWS_DEFAULT_REGION", region);
        environment.put("AWS_REGION", region);
        if (!ConformanceEndpoint.remote()) {
            environment.put("AWS_ACCESS_KEY_ID", "conformance");
            environment.put("AWS_SECRET_ACCESS_KEY", "x");
            environment.remove("AWS_SESSION_TOKEN");
            environment.remove("AWS_PROFILE");
            environment.put("AWS_CONFIG_FILE", "/dev/null");
            environment.put("AWS_SHARED_CREDENTIALS_FILE", "/dev/null");
        }
        return builder;
    }
}
