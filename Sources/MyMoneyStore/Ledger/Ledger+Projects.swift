import Foundation

/// Projects: a title unique in the ledger, a start day, an optional end day, archiving.
extension Ledger {
    /// Stores a new project.
    ///
    /// - Throws: `.invalid` "title should not be blank", "end date is before start date"; `.duplicate`.
    @discardableResult
    package func addProject(_ project: Project) throws(LedgerError) -> Project {
        var project = project
        project.title = try LedgerValidation.title(project.title)
        try LedgerValidation.dayRange(start: project.startDay, end: project.endDay)
        return try atomically { () throws(LedgerError) -> Project in
            if let other = try self.project(titled: project.title) {
                throw LedgerError(.duplicate, "a project named \(other.title) already exists", field: "title")
            }
            try db.statement("INSERT INTO projects (title, title_key, start_day, end_day, archived) VALUES (?, ?, ?, ?, ?)")
                .run([.text(project.title), .text(LedgerValidation.key(project.title)), .of(project.startDay),
                      .of(project.endDay), .integer(project.isArchived ? 1 : 0)])
            project.id = db.lastInsertRowID
            return project
        }
    }

    /// Saves changes to a stored project.
    @discardableResult
    package func updateProject(_ project: Project) throws(LedgerError) -> Project {
        guard let id = project.id else { throw .notFound("the project has no id: add it first") }
        var project = project
        project.title = try LedgerValidation.title(project.title)
        try LedgerValidation.dayRange(start: project.startDay, end: project.endDay)
        return try atomically { () throws(LedgerError) -> Project in
            if let other = try self.project(titled: project.title), other.id != id {
                throw LedgerError(.duplicate, "a project named \(other.title) already exists", field: "title")
            }
            let changed = try db.statement("UPDATE projects SET title = ?, title_key = ?, start_day = ?, end_day = ?, archived = ? WHERE id = ?")
                .run([.text(project.title), .text(LedgerValidation.key(project.title)), .of(project.startDay),
                      .of(project.endDay), .integer(project.isArchived ? 1 : 0), .integer(id)])
            guard changed == 1 else { throw .notFound("there is no project with id \(id)") }
            return project
        }
    }

    /// Archives (or un-archives) a project explicitly.
    package func archiveProject(id: Int64, archived: Bool = true) throws(LedgerError) {
        guard try db.statement("UPDATE projects SET archived = ? WHERE id = ?").run([.integer(archived ? 1 : 0), .integer(id)]) == 1 else {
            throw .notFound("there is no project with id \(id)")
        }
    }

    /// Removes a project; its transactions keep everything else.
    package func deleteProject(id: Int64) throws(LedgerError) {
        try atomically { () throws(LedgerError) in
            try db.statement("UPDATE transactions SET project_id = NULL WHERE project_id = ?").run([.integer(id)])
            guard try db.statement("DELETE FROM projects WHERE id = ?").run([.integer(id)]) == 1 else {
                throw .notFound("there is no project with id \(id)")
            }
        }
    }

    /// Projects by title (case-insensitive), then id. Without `includeArchived`, leaves out projects
    /// archived by hand or ended before `today`.
    package func projects(includeArchived: Bool = true, today: Day? = nil) throws(LedgerError) -> [Project] {
        let all = try db.statement("SELECT id, title, start_day, end_day, archived FROM projects ORDER BY title_key, id")
            .rows { Ledger.readProject($0) }
        guard !includeArchived else { return all }
        let today = today ?? Day.today
        return all.filter { !$0.isArchived(on: today) }
    }

    /// The project with this title (case-insensitive), or nil.
    package func project(titled title: String) throws(LedgerError) -> Project? {
        try db.statement("SELECT id, title, start_day, end_day, archived FROM projects WHERE title_key = ?")
            .rows([.text(LedgerValidation.key(title))]) { Ledger.readProject($0) }.first
    }

    func ensureProject(_ title: String) throws(LedgerError) -> Int64 {
        if let id = try project(titled: title)?.id { return id }
        return try addProject(Project(title: title)).id ?? 0
    }

    static func readProject(_ row: PreparedStatement) -> Project {
        Project(id: row.int64(0), title: row.text(1), startDay: row.optionalInt64(2).map(Ledger.day),
                endDay: row.optionalInt64(3).map(Ledger.day), isArchived: row.int64(4) != 0)
    }
}

extension Day {
    /// Today in UTC.
    static var today: Day {
        Day(daysSinceEpoch: Int32(truncatingIfNeeded: Int(time(nil)) / 86_400))
    }
}
