package io.entitytable.local.function;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.FunctionDefinition;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SpikeTest {
    @Test
    void spike() throws Exception {
        Path root = Path.of(System.getProperty("entitytable.repo.root"));
        try (LocalDynamoDb db = LocalDynamoDb.startInMemory();
                RuntimeApiServer api = RuntimeApiServer.httpFrontDoor(0)) {
            db.createTable("Entity");
            Path task = Files.createTempDirectory("task");
            try (PackagedFunction f = PackagedFunction.start(
                    FunctionDefinition.API,
                    root.resolve(FunctionDefinition.API.zipPath()),
                    task,
                    api,
                    FunctionEnvironment.of(
                            FunctionDefinition.API, api.runtimeApiAddress(), task, "Entity", db.endpoint(), null),
                    System.out)) {
                System.out.println("init " + f.initTime());
                HttpResponse<String> r = HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(URI.create("http://localhost:" + api.port() + "/ping"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
                System.out.println(
                        r.statusCode() + " " + r.body() + " " + r.headers().map());
            }
        }
    }
}
