/* Accounts' names and passwords: the name rules, the password rules, and
 * Argon2id hashes that verify, refuse a wrong password, carry their cost
 * and never hold the password. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "../../src/server/base/password.h"

static void names(void **state)
{
    char err[256], key[ACCOUNT_NAME_MAX + 1];
    const char *good[] = {"abc", "Alice_2", "x-y_z", "ABCDEFGHIJ0123456789"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_true(account_name_check(good[i], err, sizeof err));
    assert_false(account_name_check("ab", err, sizeof err));
    assert_string_equal(err, "a name has 3 to 20 characters, got 2 ('ab')");
    assert_false(account_name_check("ABCDEFGHIJ0123456789x", err, sizeof err));
    assert_false(account_name_check("", err, sizeof err));
    assert_false(account_name_check("al ice", err, sizeof err));
    assert_string_equal(err, "a name is made of letters a-z, digits, '-' and '_' only, got 'al ice'");
    assert_false(account_name_check("zoë123", err, sizeof err));
    assert_false(account_name_check("a\nb\x01", err, sizeof err));
    assert_null(strchr(err, '\n'));
    account_name_key("Alice_2", key);
    assert_string_equal(key, "alice_2");
}

static void passwords(void **state)
{
    char err[256];
    assert_true(password_check("0123456789", 10, err, sizeof err));
    assert_false(password_check("012345678", 9, err, sizeof err));
    assert_string_equal(err, "a password has at least 10 characters, got 9");
    /* characters, not bytes: nine letters of two bytes each are nine */
    assert_false(password_check("ééééééééé", strlen("ééééééééé"), err, sizeof err));
    assert_true(password_check("éééééééééé", strlen("éééééééééé"), err, sizeof err));
    assert_false(password_check("0123456789\xff", 11, err, sizeof err));
    assert_false(password_check("01234\0" "56789x", 12, err, sizeof err));
    char big[PASSWORD_MAX_BYTES + 2];
    memset(big, 'a', sizeof big);
    assert_true(password_check(big, PASSWORD_MAX_BYTES, err, sizeof err));
    assert_false(password_check(big, PASSWORD_MAX_BYTES + 1, err, sizeof err));
}

static void hashes(void **state)
{
    assert_true(password_init());
    char stored[PASSWORD_HASH_MAX], again[PASSWORD_HASH_MAX];
    const char *pw = "correct horse battery";
    assert_true(password_hash(pw, strlen(pw), password_cost_min(), stored));
    assert_memory_equal(stored, "$argon2id$v=19$", 15);
    assert_null(strstr(stored, pw));
    assert_true(password_verify(stored, pw, strlen(pw)));
    assert_false(password_verify(stored, "correct horse batterx", strlen(pw)));
    assert_false(password_verify(stored, pw, strlen(pw) - 1));
    assert_false(password_verify("", pw, strlen(pw)));
    assert_false(password_verify("$argon2i$v=19$m=8,t=1,p=1$abc$def", pw, strlen(pw)));
    /* a new salt each time */
    assert_true(password_hash(pw, strlen(pw), password_cost_min(), again));
    assert_string_not_equal(stored, again);
    /* a hash of another cost is made again at the server's */
    assert_false(password_needs_rehash(stored, password_cost_min()));
    assert_true(password_needs_rehash(stored, password_cost_interactive()));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names),
        cmocka_unit_test(passwords),
        cmocka_unit_test(hashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
