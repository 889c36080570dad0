#ifndef MYMONEY_SQLITE_SHIM_H
#define MYMONEY_SQLITE_SHIM_H
#include <sqlite3.h>
#endif
