package io.entitytable.local.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;

/**
 * The browser harness itself, on two pages of its own: a good one passes every check, and each check fails on a bad
 * one, naming what is wrong. Screenshots go to a scratch folder, never to docs/.
 */
class BrowserHarnessTest {
    private static final String GOOD = page(
            "Greeter",
            """
            <form id="form">
              <label for="name">Name</label>
              <input id="name" name="name" autocomplete="off">
              <button type="submit">Greet</button>
              <button type="button" id="clear">Clear</button>
            </form>
            <p data-testid="greeting" aria-live="polite"></p>
            <script>
              const greeting = document.querySelector('[data-testid=greeting]');
              document.getElementById('form').addEventListener('submit', event => {
                event.preventDefault();
                setTimeout(() => greeting.textContent = 'Hello, ' + document.getElementById('name').value, 200);
              });
              document.getElementById('clear').addEventListener('click', () => greeting.textContent = '');
            </script>
            """);
    private static final String BAD = page(
            "Unlabelled",
            """
            <input id="nameless" type="text">
            <script>console.error("x");</script>
            """);

    private static HttpServer server;
    private Browser browser;

    @BeforeAll
    static void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        Map<String, String> pages = Map.of("/good", GOOD, "/bad", BAD);
        server.createContext("/", exchange -> {
            String page = pages.get(exchange.getRequestURI().getPath());
            byte[] body = (page == null ? "not found" : page).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(page == null ? 404 : 200, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    // In @BeforeEach, not @BeforeAll: where chromium is missing, each test is then reported skipped with the reason.
    @BeforeEach
    void browser() {
        browser = Browser.shared();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A whole page; its icon link keeps the browser from asking for /favicon.ico, whose 404 is a console error. */
    private static String page(String title, String main) {
        return """
                <!doctype html>
                <html lang="en">
                <head><meta charset="utf-8"><title>%s</title><link rel="icon" href="data:,"></head>
                <body><main>
                <h1>%s</h1>
                %s</main></body>
                </html>
                """
                .formatted(title, title, main);
    }

    private static URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Test
    void goodPageIsUsedByKeyboardAndPassesEveryCheck(@TempDir Path folder) throws IOException {
        browser.open(url("/good"));

        browser.type("Name", "Ada");
        browser.press(Keys.TAB);
        assertThat(browser.focused().getAccessibleName()).isEqualTo("Greet");
        browser.pressEnter();
        assertThat(browser.waitForText("[data-testid=greeting]", text -> text.startsWith("Hello")))
                .isEqualTo("Hello, Ada");

        browser.click("Clear");
        browser.waitForText("[data-testid=greeting]", String::isEmpty);
        browser.type("Name", "Grace" + Keys.ENTER);
        browser.waitForText("[data-testid=greeting]", "Hello, Grace"::equals);
        assertThat(browser.byTestId("greeting").getTagName()).isEqualTo("p");

        browser.assertAccessible();
        browser.assertNoConsoleErrors();

        Path shot = browser.screenshot(folder, "good-page");
        byte[] png = Files.readAllBytes(shot);
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void eachCheckFailsOnABadPageAndNamesTheProblem() {
        browser.open(url("/bad"));

        AssertionError accessibility = assertThrows(AssertionError.class, browser::assertAccessible);
        assertThat(accessibility.getMessage())
                .contains("label (critical)")
                .contains("#nameless")
                .doesNotContain("html-has-lang");

        AssertionError console = assertThrows(AssertionError.class, browser::assertNoConsoleErrors);
        assertThat(console.getMessage()).contains("1 error(s)").contains("/bad").contains("\"x\"");
    }

    @Test
    void aPageIsCheckedWithoutTheConsoleErrorsOfThePageBefore() {
        browser.open(url("/bad"));
        browser.open(url("/good"));

        browser.assertNoConsoleErrors();
    }

    @Test
    void waitingForATextThatNeverComesFailsWithWhatItSaw() {
        browser.open(url("/good"));

        AssertionError error = assertThrows(
                AssertionError.class, () -> browser.waitForText("h1", "Goodbye"::equals, Duration.ofMillis(500)));
        assertThat(error.getMessage()).contains("h1").contains("[Greeter]");
    }
}
